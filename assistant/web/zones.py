"""Time zones as people name them: city, country and zone names in English and Chinese from
CLDR (through Babel), so "shanghai", "china", "上海" or "中国" find Asia/Shanghai."""

from __future__ import annotations

import functools
from collections import defaultdict
from zoneinfo import available_timezones

from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location, get_timezone_name

SEARCH_LOCALES = ("en", "zh")
# CLDR's "Unknown Region" (Etc/GMT+5 and the like) and "World" are no place a person would type.
NO_PLACE = {"ZZ", "001"}


def _territory(name: str) -> str | None:
    territory = get_global("zone_territories").get(name)
    return None if territory in NO_PLACE else territory


def _zone_names() -> list[str]:
    return sorted(
        name
        for name in available_timezones()
        if name not in {"localtime", "Factory"} and not name.startswith(("posix/", "right/"))
    )


def _cldr(function: object, name: str, locale: str, **options: object) -> str:
    try:
        return str(function(name, locale=locale, **options))  # type: ignore[operator]
    except (LookupError, ValueError):
        return ""


@functools.cache
def zone_search_text(name: str) -> str:
    """Every name CLDR has for the zone in both languages: its city, its country, its zone name."""
    territory = _territory(name)
    words = [name.replace("_", " ").replace("/", " ")]
    if territory:  # Etc/GMT+5 and UTC are in no country: CLDR calls that "Unknown Region"
        for locale in SEARCH_LOCALES:
            words.append(_cldr(get_timezone_location, name, locale, return_city=True))
            words.append(_cldr(get_timezone_location, name, locale))
            words.append(_cldr(get_timezone_name, name, locale))
            words.append(Locale.parse(locale).territories.get(territory, ""))
    return " ".join(dict.fromkeys(word for word in words if word))


@functools.cache
def zone_label(name: str, language: str) -> str:
    """What the list shows: the IANA name, then where it is in the person's language."""
    plain = name.replace("_", " ")
    if not _territory(name):
        return plain
    where = _cldr(get_timezone_location, name, "zh" if language == "zh" else "en")
    return f"{plain} · {where}" if where else plain


@functools.cache
def time_zone_groups(language: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """Zones grouped by region for the <select>: "Asia" -> [(Asia/Shanghai, label), ...]."""
    groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for name in _zone_names():
        region = name.split("/", 1)[0] if "/" in name else "Other"
        groups[region].append((name, zone_label(name, language)))
    return sorted(groups.items())
