"""A language server driven over its raw wire (LSP's `Content-Length` framing on stdin and stdout), so
that a test can send what no well-behaved client would: a header announcing a terabyte, a request
whose params are of the wrong shape, bytes that are not JSON. tests/test_lsp.py drives the server
with a real client library instead."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from typing import Any

START = [sys.executable, "-m", "interpreter.lsp"]
WAIT = 60.0  # seconds to wait for an answer: generous, the machines are shared and busy (not a timing test)


class Wire:
    def __init__(self, *args: str):
        self.process = subprocess.Popen([*START, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.err: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()
        self.next_id = 0

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                if line in (b"\r\n", b"\n"):
                    break
            assert length is not None
            self.messages.put(json.loads(out.read(length)))

    def _read_err(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.err.append(line)

    def send_raw(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def answer(self, request_id: int) -> dict[str, Any]:
        """The response to request `request_id` (notifications on the way are kept aside)."""
        while True:
            message = self.next_message()
            if message.get("id") == request_id and "method" not in message:
                return message

    def next_message(self, wait: float = WAIT) -> dict[str, Any]:
        try:
            message = self.messages.get(timeout=wait)
        except queue.Empty:
            raise AssertionError(f"no message from the server in {wait} s; its log:\n{self.log()}") from None
        if message is None:
            raise AssertionError(f"the server stopped; its log:\n{self.log()}")
        return message

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        while True:
            message = self.next_message()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return list(message["params"]["diagnostics"])

    def initialize(self) -> None:
        self.answer(self.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}}))
        self.notify("initialized", {})

    def log(self) -> str:
        return b"".join(self.err).decode("utf-8", "replace")

    def close(self) -> int:
        """Shut the server down as an editor does; its exit status."""
        if self.process.poll() is None:
            try:
                self.answer(self.request("shutdown", None))
                self.notify("exit", None)
                return self.process.wait(timeout=WAIT)
            except (AssertionError, BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
        return self.process.wait()
