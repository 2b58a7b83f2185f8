"""What a seat's page may show: the server's messages for a seat, and the secrets of another."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from typing import Any

from server.process import Server
from svg_helpers import texts


def message(server: Server, table: dict[str, Any], seat: int | None) -> dict[str, Any]:
    query = ""
    if seat is not None:
        token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
        query = f"?seat={seat}&token={token}"
    answer: dict[str, Any] = server.http.get(
        f"{server.base}/api/tables/{table['id']}/view{query}"
    ).json()
    return answer


def words_of(picture: str | None) -> set[str]:
    return set(texts(ET.fromstring(picture))) if picture else set()


def secrets_of(other: dict[str, Any], mine: dict[str, Any], public: dict[str, Any]) -> set[str]:
    """What only the other seat's picture says (its hand, cash, pouch, sealed bids): its texts
    that neither this seat's nor the spectator's picture holds, long enough to be telling."""
    only = words_of(other["svg"]) - words_of(mine["svg"]) - words_of(public["svg"])
    return {w for w in only if " " in w and len(w) >= 12}


def shown(words: str, page_html: str) -> bool:
    for form in {words, html.escape(words, quote=False), html.escape(words)}:
        if re.search(r"(?<![0-9A-Za-z])" + re.escape(form) + r"(?![0-9A-Za-z])", page_html):
            return True
    return False
