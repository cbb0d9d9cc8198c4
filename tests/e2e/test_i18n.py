"""The page's languages: web/i18n/<lang>.json for English, Russian and Ukrainian (issue 5).

The file checks need no browser: every language has every key of the English reference, the
same arguments in each message, and every plural form its language needs (CLDR plural
categories: English one/other; Russian and Ukrainian one/few/many/other). The browser tests
check that the page follows the browser's language, that the switch is remembered, and that
a Russian or Ukrainian page shows no English sentence of the reference file.
The message format is described at the top of web/ui/i18n.js.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "web" / "i18n"
LANGUAGES = ["en", "ru", "uk"]
# CLDR plural categories for cardinal numbers (what Intl.PluralRules answers; checked below).
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "ru": {"one", "few", "many", "other"},
    "uk": {"one", "few", "many", "other"},
}
PLACEHOLDER = re.compile(r"\{(\d+)(\+1)?(?:\|([\w.]+))?\}")
CHOICE_SPECIAL = {"$none", "$you", "$arg", "$other"}


def load(lang: str) -> dict[str, Any]:
    with (I18N / f"{lang}.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def is_choice(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(key.startswith("$") for key in value)


def branches(message: Any) -> list[str]:
    if isinstance(message, str):
        return [message]
    return [text for key, text in message.items() if key != "$arg"]


def arguments(message: Any) -> set[str]:
    """The argument indices a message uses, over all its branches (and its choice's argument)."""
    found = {m.group(1) for text in branches(message) for m in PLACEHOLDER.finditer(text)}
    if is_choice(message):
        found.add(str(message.get("$arg", 0)))
    return found


def walk(
    ref: Any, other: Any, path: str, problems: list[str], lang: str, section: dict[str, Any]
) -> None:
    """Compares `other` (a language's message at `path`) with `ref` (English's), recursively."""
    if isinstance(ref, str) or is_choice(ref):
        if not (isinstance(other, str) or is_choice(other)):
            problems.append(f"{lang}: {path} is missing or not a message")
            return
        ref_is_function = is_choice(ref) or bool(PLACEHOLDER.search(ref))
        if not ref_is_function:
            if not isinstance(other, str) or PLACEHOLDER.search(other):
                problems.append(f"{lang}: {path} must be plain text, as in English")
            return
        if arguments(other) - {"0"} != arguments(ref) - {"0"} or (
            "0" in arguments(ref) and "0" not in arguments(other) and not is_choice(other)
        ):
            problems.append(
                f"{lang}: {path} uses arguments {sorted(arguments(other))}, "
                f"English {sorted(arguments(ref))}"
            )
        for text in branches(other):
            for m in PLACEHOLDER.finditer(text):
                key = m.group(3)
                if key and resolve(section, key) is None:
                    problems.append(f"{lang}: {path} refers to a message {key!r} its section lacks")
        if is_choice(other):
            keys = set(other) - CHOICE_SPECIAL
            plural_keys = {k[1:] for k in keys if not k.startswith("$=")}
            unknown = plural_keys - {"zero", "one", "two", "few", "many", "other"}
            if unknown:
                problems.append(f"{lang}: {path} has unknown choice keys {sorted(unknown)}")
            if plural_keys & {"zero", "one", "two", "few", "many"}:  # a plural choice
                missing = PLURAL_CATEGORIES[lang] - plural_keys - {"other"}
                if missing:
                    problems.append(f"{lang}: {path} lacks the plural forms {sorted(missing)}")
            if "$other" not in other:
                problems.append(f"{lang}: {path} has no $other form")
        return
    if isinstance(ref, list):
        if not isinstance(other, list) or len(other) != len(ref):
            problems.append(f"{lang}: {path} must be a list of {len(ref)} items")
            return
        for i, (a, b) in enumerate(zip(ref, other, strict=True)):
            walk(a, b, f"{path}[{i}]", problems, lang, section)
        return
    if isinstance(ref, dict):
        if not isinstance(other, dict):
            problems.append(f"{lang}: {path} must be a table")
            return
        for key, value in ref.items():
            if key not in other:
                problems.append(f"{lang}: {path}.{key} is missing")
            else:
                walk(value, other[key], f"{path}.{key}", problems, lang, section)
        for key in other.keys() - ref.keys():
            problems.append(f"{lang}: {path}.{key} is not in English (a left-over key?)")


def resolve(section: dict[str, Any], dotted: str) -> Any:
    node: Any = section
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def problems_of(lang: str) -> list[str]:
    reference, other = load("en"), load(lang)
    problems: list[str] = []
    for name, section in reference.items():
        if name not in other:
            problems.append(f"{lang}: section {name!r} is missing")
            continue
        walk(section, other[name], name, problems, lang, other[name])
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_key_with_its_arguments_and_plural_forms(lang: str) -> None:
    """Each of en/ru/uk: every key of en.json, the same arguments, all the language's plurals."""
    assert (I18N / f"{lang}.json").is_file(), f"web/i18n/{lang}.json is missing"
    assert problems_of(lang) == []


def test_the_check_finds_a_missing_key_and_a_lost_argument(tmp_path: Path) -> None:
    """The check above is not blind: a dropped key, a lost {1} and a missing 'few' are caught."""
    reference = load("en")
    broken = json.loads(json.dumps(reference))
    del broken["ui"]["trail"]
    broken["ui"]["roundDeal"] = "Round {0}"
    broken["jack"]["nCards"] = {"$one": "{0} карта", "$many": "{0} карт", "$other": "{0} карты"}
    problems: list[str] = []
    for name, section in reference.items():
        walk(section, broken[name], name, problems, "ru", broken[name])
    assert "ru: ui.trail is missing" in problems
    assert any(p.startswith("ru: ui.roundDeal uses arguments") for p in problems)
    assert any(p.startswith("ru: jack.nCards lacks the plural forms ['few']") for p in problems)
