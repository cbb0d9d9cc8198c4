// Offline play: registers the service worker (sw.js, written by build.py), which keeps the
// whole site in the browser so that later visits start without the network.
//
// Called once the engine is ready, so the worker's downloads never compete with the first
// visit's own (they mostly revalidate what the browser just fetched). Offline play is a bonus:
// a browser without service workers, an insecure address (http:// other than localhost,
// file://) or a failed registration leaves the game as it is, with a warning at most.
//
// The page's state is on <body data-offline>: "ready" once a service worker that has cached
// the whole site controls the page (it activates only after caching everything), "waiting"
// while it installs, "unavailable" when there is none.

import { siteURL } from "./ui/site.js";

export async function keepForOffline(body = document.body) {
  const container = navigator.serviceWorker;
  if (!container) {
    body.dataset.offline = "unavailable";
    return;
  }
  const controlled = () => {
    if (container.controller) body.dataset.offline = "ready";
    return Boolean(container.controller);
  };
  if (!controlled()) {
    body.dataset.offline = "waiting";
    container.addEventListener("controllerchange", controlled, { once: true });
  }
  try {
    // updateViaCache "none": a host's HTTP caching (GitHub Pages: ten minutes) never delays
    // the check for a new build.
    const registration = await container.register(siteURL("sw.js"),
      { updateViaCache: "none" });
    if (!registration && !container.controller) body.dataset.offline = "unavailable";
  } catch (error) {
    if (!container.controller) body.dataset.offline = "unavailable";
    console.warn(`Offline play is not available: ${error?.message ?? error}`);
  }
}
