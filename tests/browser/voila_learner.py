"""A learner without a browser: a Voila page over HTTP and its kernel websocket.

What the page's JavaScript does, reduced to the messages: GET the page (the
server runs the notebook, or takes a preheated kernel), read the kernel id and
the widget output from the HTML, open ``/api/kernels/<id>/channels`` (in the
binary protocol a browser speaks, ``v1.kernel.websocket.jupyter.org``), ask
ipywidgets for every widget's state (the ``jupyter.widget.control`` comm's
``request_states``) and, from then on, send widget messages as a browser
would: a button click, a new value. Used by the class benchmark
(``benchmarks/bench_class.py``) and by the load and untrusted-input tests.

Only the standard library and ``websockets`` (a Voila dependency).
"""
from __future__ import annotations

import asyncio
import json
import re
import struct
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any

import websockets

__all__ = ["Learner", "PageLoad", "fetch_page"]

_CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
_OUTPUT = re.compile(r'<script type="application/vnd\.voila\.cell-output\+json">(.*?)</script>', re.S)


@dataclass
class PageLoad:
    """One GET of a page: status, timing, and what the HTML holds."""

    url: str
    status: int = 0
    seconds: float = 0.0
    html: str = ""
    cookies: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    error: str = ""

    @property
    def kernel_id(self) -> str | None:
        match = _CONFIG.search(self.html)
        if not match:
            return None
        try:
            return json.loads(match.group(1)).get("kernelId") or None
        except ValueError:
            return None

    @property
    def root_models(self) -> list[str]:
        """Model ids of the widgets the page's cells display."""
        ids = []
        for match in _OUTPUT.finditer(self.html):
            try:
                ids.append(json.loads(match.group(1))["data"]["application/vnd.jupyter.widget-view+json"]["model_id"])
            except (ValueError, KeyError, TypeError):
                pass
        return ids

    @property
    def blank(self) -> bool:
        """HTTP 200 but no widget in the page (or the app's "could not be prepared" notice)."""
        return self.status == 200 and (not self.root_models or 'data-reason="no-output"' in self.html)


def fetch_page(url: str, timeout: float = 300.0) -> PageLoad:
    """GET ``url`` (blocking; run it in a thread) and time it to the last byte."""
    load = PageLoad(url)
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(urllib.request.Request(url), timeout=timeout) as response:
            load.status = response.status
            load.html = response.read().decode("utf-8", "replace")
            load.headers = {k.lower(): v for k, v in response.headers.items()}
            for value in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                load.cookies[name.strip()] = rest.split(";", 1)[0]
    except urllib.error.HTTPError as e:
        load.status = e.code
        load.html = e.read().decode("utf-8", "replace")
        load.headers = {k.lower(): v for k, v in e.headers.items()}
    except Exception as e:  # refused, reset, timed out: the page failed
        load.error = f"{type(e).__name__}: {e}"
    load.seconds = time.perf_counter() - start
    return load


async def in_own_thread(function: Any, *args: Any) -> Any:
    """``function(*args)`` in a thread of its own, awaited.

    Each learner is a browser tab of its own: ``asyncio.to_thread`` would share
    the loop's default pool (``cpu_count + 4`` threads, 6 on a 2-core machine),
    so in a class of 30 only 6 GETs would be on their way at once and the rest
    would wait for a free thread, a delay no real class has.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def run() -> None:
        try:
            result = function(*args)
        except BaseException as e:  # handed to the awaiting task
            loop.call_soon_threadsafe(settle, None, e)
        else:
            loop.call_soon_threadsafe(settle, result, None)

    threading.Thread(target=run, daemon=True).start()
    return await future


V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The kernel websocket protocol a browser speaks (JupyterLab 4's services, in Voila 0.5's page): binary frames
the server passes on without decoding them. Without it the server decodes every message and writes it as JSON."""


def _v1_frame(channel: str, parts: list[bytes]) -> bytes:
    """A message in the v1 protocol: the number of offsets, the offsets (8 bytes each, little-endian), then
    the channel's name, header, parent header, metadata, content and buffers."""
    name = channel.encode("utf-8")
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(name))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), name, *parts])


def _v1_message(raw: bytes) -> dict[str, Any]:
    count = int.from_bytes(raw[:8], "little")
    offsets = [int.from_bytes(raw[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)] + [len(raw)]
    parts = [raw[offsets[i]:offsets[i + 1]] for i in range(count)]
    header, parent, metadata, content = (json.loads(p) if p else {} for p in parts[1:5])
    return {"channel": parts[0].decode("utf-8"), "header": header, "msg_type": header.get("msg_type"),
            "parent_header": parent, "metadata": metadata, "content": content, "buffers": parts[5:]}


def _binary_message(raw: bytes) -> dict[str, Any]:
    """A message with binary buffers, as jupyter_server frames it: count, offsets, JSON, buffers."""
    count = struct.unpack("!I", raw[:4])[0]
    offsets = [*struct.unpack("!" + "I" * count, raw[4:4 + 4 * count]), len(raw)]
    msg: dict[str, Any] = json.loads(raw[offsets[0]:offsets[1]])
    msg["buffers"] = [raw[offsets[i]:offsets[i + 1]] for i in range(1, count)]
    return msg


class Learner:
    """One page of the app held open over its kernel websocket.

    ``await learner.open(base_url, "play.ipynb", "lang=es")`` loads the page
    and fetches every widget's state (``learner.states``: model id -> state);
    ``await learner.click(model_id)`` and ``await learner.update(model_id,
    {"value": ...})`` send what a browser sends and return the seconds until
    the kernel is idle again, having applied its replies to ``states``.
    ``kernel_messages`` keeps every iopub message (errors, streams).
    """

    def __init__(self, protocol: str = V1_PROTOCOL) -> None:
        self.protocol = protocol
        """``V1_PROTOCOL`` (as a browser) or ``""`` (the plain JSON protocol)."""
        self.page: PageLoad | None = None
        self.ws: Any = None
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.kernel_messages: list[dict[str, Any]] = []
        self.ready_seconds: float = 0.0
        self.phases: dict[str, float] = {}
        """Seconds of each step of :meth:`open`: html, websocket, kernel_info, control_comm, states."""
        self._waiters: dict[str, asyncio.Future[Any]] = {}
        self._idle: dict[str, asyncio.Future[None]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._control = uuid.uuid4().hex
        self._states_future: asyncio.Future[dict[str, Any]] | None = None

    # ----------------------------------------------------------------- wire
    def _message(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
        return {
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "learner",
                       "session": self.session, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": [],
        }

    async def _send(self, msg: dict[str, Any]) -> str:
        if self.ws.subprotocol == V1_PROTOCOL:
            parts = [json.dumps(msg[k]).encode("utf-8") for k in ("header", "parent_header", "metadata", "content")]
            await self.ws.send(_v1_frame(msg["channel"], parts))
        else:
            await self.ws.send(json.dumps(msg))
        return str(msg["header"]["msg_id"])

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                if isinstance(raw, str):
                    msg = json.loads(raw)
                else:
                    msg = _v1_message(raw) if self.ws.subprotocol == V1_PROTOCOL else _binary_message(raw)
                parent = (msg.get("parent_header") or {}).get("msg_id")
                kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
                if msg.get("channel") == "iopub":
                    self.kernel_messages.append(msg)
                if kind == "comm_msg":
                    self._on_comm(msg["content"])
                elif kind == "comm_open":
                    data = msg["content"].get("data") or {}
                    if "state" in data:
                        self.states[msg["content"]["comm_id"]] = dict(data["state"])
                elif kind == "status" and msg["content"].get("execution_state") == "idle" and parent in self._idle:
                    future = self._idle.pop(parent)
                    if not future.done():
                        future.set_result(None)
                if parent in self._waiters and kind.endswith("_reply"):
                    future = self._waiters.pop(parent)
                    if not future.done():
                        future.set_result(msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            for future in [*self._waiters.values(), *self._idle.values()]:
                if not future.done():
                    future.set_exception(ConnectionError("the kernel connection closed"))

    def _on_comm(self, content: dict[str, Any]) -> None:
        data = content.get("data") or {}
        method = data.get("method")
        if method == "update_states" and self._states_future and not self._states_future.done():
            for model_id, model in data.get("states", {}).items():
                self.states[model_id] = dict(model.get("state", {}))
            self._states_future.set_result(data)
        elif method in ("update", "echo_update"):
            self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))

    # ------------------------------------------------------------------ API
    async def open(self, base_url: str, notebook: str, query: str = "", timeout: float = 300.0) -> PageLoad:
        """Load the page and fetch its widgets' states; ``ready_seconds`` is the time to interactive."""
        start = time.perf_counter()
        url = f"{base_url.rstrip('/')}/voila/render/{notebook}" + (f"?{query}" if query else "")
        self.page = page = await in_own_thread(fetch_page, url, timeout)
        mark = time.perf_counter()
        self.phases["html"] = mark - start

        def step(name: str) -> None:
            nonlocal mark
            now = time.perf_counter()
            self.phases[name] = now - mark
            mark = now

        if page.status != 200 or page.blank or not page.kernel_id:
            return page
        ws_url = base_url.replace("http", "ws", 1).rstrip("/") + f"/api/kernels/{page.kernel_id}/channels"
        self.ws = await websockets.connect(f"{ws_url}?session_id={self.session}", max_size=None,
                                           open_timeout=timeout,
                                           subprotocols=[self.protocol] if self.protocol else None)
        step("websocket")
        self._reader = asyncio.create_task(self._read())
        await self.request(self._message("kernel_info_request", {}), timeout)
        step("kernel_info")
        loop = asyncio.get_running_loop()
        self._states_future = loop.create_future()
        # Wait until the kernel has opened the control comm: a request sent right
        # behind the opening can overtake it ("No such comm" on the kernel's stderr).
        opening = self._message("comm_open", {"comm_id": self._control, "target_name": "jupyter.widget.control",
                                              "data": {}}, {"version": "1.0.0"})
        opened: asyncio.Future[None] = loop.create_future()
        self._idle[opening["header"]["msg_id"]] = opened
        await self._send(opening)
        await asyncio.wait_for(opened, timeout)
        step("control_comm")
        await self._send(self._message("comm_msg", {"comm_id": self._control, "data": {"method": "request_states"}}))
        await asyncio.wait_for(self._states_future, timeout)
        step("states")
        missing = [m for m in page.root_models if m not in self.states]
        if missing:
            raise ConnectionError(f"widgets {missing} of the page are not in the kernel")
        self.ready_seconds = time.perf_counter() - start
        return page

    async def request(self, msg: dict[str, Any], timeout: float = 60.0) -> dict[str, Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiters[msg["header"]["msg_id"]] = future
        await self._send(msg)
        return await asyncio.wait_for(future, timeout)  # type: ignore[no-any-return]

    async def comm(self, model_id: str, data: dict[str, Any], timeout: float = 60.0) -> float:
        """Send a widget message; seconds until the kernel has handled it (busy -> idle)."""
        msg = self._message("comm_msg", {"comm_id": model_id, "data": data})
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._idle[msg["header"]["msg_id"]] = future
        start = time.perf_counter()
        await self._send(msg)
        await asyncio.wait_for(future, timeout)
        return time.perf_counter() - start

    async def click(self, model_id: str, timeout: float = 60.0) -> float:
        return await self.comm(model_id, {"method": "custom", "content": {"event": "click"}}, timeout)

    async def send(self, model_id: str, content: dict[str, Any], timeout: float = 60.0) -> float:
        """A widget's own message to the kernel (as the card table's ``{"type": "play", ...}``)."""
        return await self.comm(model_id, {"method": "custom", "content": content}, timeout)

    async def update(self, model_id: str, state: dict[str, Any], timeout: float = 60.0) -> float:
        return await self.comm(model_id, {"method": "update", "state": state, "buffer_paths": []}, timeout)

    async def fresh_state(self, model_id: str, timeout: float = 60.0) -> dict[str, Any]:
        """The kernel's current state of one widget (asked again, not the local copy)."""
        loop = asyncio.get_running_loop()
        self._states_future = loop.create_future()
        await self._send(self._message("comm_msg", {"comm_id": self._control, "data": {"method": "request_states"}}))
        data = await asyncio.wait_for(self._states_future, timeout)
        return dict(data["states"][model_id]["state"])

    # --------------------------------------------------------------- widgets
    def find(self, css_class: str, model_name: str | None = None) -> list[str]:
        """Model ids of widgets carrying ``css_class`` (and of ``model_name``, e.g. "ButtonModel")."""
        return [m for m, s in self.states.items()
                if css_class in (s.get("_dom_classes") or ())
                and (model_name is None or s.get("_model_name") == model_name)]

    def visible(self, model_id: str) -> bool:
        layout = self.states.get(model_id, {}).get("layout", "")
        layout_id = layout.removeprefix("IPY_MODEL_") if isinstance(layout, str) else ""
        return self.states.get(layout_id, {}).get("display") != "none"

    def errors(self) -> list[str]:
        """Tracebacks and stderr the kernel sent to this page."""
        found = []
        for msg in self.kernel_messages:
            kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
            content = msg.get("content", {})
            if kind == "error":
                found.append("\n".join(content.get("traceback", [])) or content.get("ename", "error"))
            elif kind == "stream" and content.get("name") == "stderr":
                found.append(content.get("text", ""))
        return found

    async def close(self, shutdown: bool = True) -> None:
        """Close the websocket; ``shutdown`` also stops the kernel, as leaving the page does."""
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        page = self.page
        if shutdown and page is not None and page.kernel_id and "_xsrf" in page.cookies:
            base = page.url.split("/voila/render/", 1)[0]
            body = f"_xsrf={page.cookies['_xsrf']}".encode()
            request = urllib.request.Request(f"{base}/voila/api/shutdown/{page.kernel_id}", data=body, method="POST",
                                             headers={"Cookie": f"_xsrf={page.cookies['_xsrf']}"})
            try:
                await asyncio.to_thread(urllib.request.urlopen, request, None, 30)
            except Exception:
                pass  # already gone
