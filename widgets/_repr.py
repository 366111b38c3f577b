"""Static fallbacks for notebooks read without a kernel (nbviewer, GitHub, nbval)."""

from __future__ import annotations

import html
from typing import Any


def fallback_html(title: str, status: str, svg: str = "", lines: list[str] | None = None) -> str:
    """A small self-contained HTML block: title, status, the SVG and some text lines."""
    parts = [
        '<div class="rl-fallback" style="font-family:sans-serif">',
        f"<b>{html.escape(title)}</b> <span>{html.escape(status)}</span>",
    ]
    if svg:
        parts.append(f'<div style="max-width:720px">{svg}</div>')
    if lines:
        parts.append("<pre>" + html.escape("\n".join(lines)) + "</pre>")
    parts.append("</div>")
    return "".join(parts)


def bundle(widget: Any, text: str, html_text: str) -> dict[str, Any]:
    """The widget's live view plus a deterministic ``text/plain`` and an HTML fallback."""
    data: dict[str, Any] = {"text/plain": text, "text/html": html_text}
    if getattr(widget, "_view_name", None) is not None:
        data["application/vnd.jupyter.widget-view+json"] = {
            "version_major": 2,
            "version_minor": 0,
            "model_id": widget.model_id,
        }
    return data
