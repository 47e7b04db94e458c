#!/usr/bin/env python3
"""Renders an HTML report in headless Chromium and checks it, over the
DevTools protocol (a WebSocket client from the standard library).

    html_browser.py CHROMIUM PAGE.html SCREENSHOT.png SELECTOR MIN [SELECTOR MIN ...]

Starts CHROMIUM (--headless --no-sandbox --disable-gpu
--disable-background-networking, a fresh --user-data-dir, DevTools on a free
port of 127.0.0.1), opens PAGE.html from a file:// URL and asserts that
  - the load event fired;
  - the page made no request but its own document (Network.requestWillBeSent);
  - nothing was logged as an error (console, exceptions, Log domain: a
    Content-Security-Policy violation, i.e. an attempted fetch, is one);
  - every SELECTOR matches at least MIN elements, each of them visible
    (non-zero box, not display:none or visibility:hidden);
then saves a full-page screenshot to SCREENSHOT.png.  Exit 0 and one "ok"
line, or 1 and the failures.
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


class WebSocket:
    def __init__(self, url):
        assert url.startswith("ws://")
        hostport, path = url[5:].split("/", 1)
        host, port = hostport.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        req = (f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(req.encode())
        resp = b""
        while b"\r\n\r\n" not in resp:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise OSError("websocket handshake: connection closed")
            resp += chunk
        head, self.buf = resp.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise OSError("websocket handshake refused: " + head.decode(errors="replace"))

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        n = len(data)
        if n < 126:
            hdr = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 65536:
            hdr = struct.pack("!BBH", 0x81, 0x80 | 126, n)
        else:
            hdr = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
        self.sock.sendall(hdr + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise OSError("websocket closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        msg = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 0x8:
                raise OSError("websocket closed by the browser")
            if op in (0x9, 0xA):
                continue
            msg += payload
            if b0 & 0x80:
                return msg.decode()


class Page:
    def __init__(self, ws):
        self.ws, self.id, self.events = ws, 0, []

    def call(self, method, **params):
        self.id += 1
        my = self.id
        self.ws.send(json.dumps({"id": my, "method": method, "params": params}))
        self.ws.sock.settimeout(120)  # drain() may have left a short one; machines are busy
        while True:
            m = json.loads(self.ws.recv())
            if m.get("id") == my:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait(self, method, timeout):
        end = time.time() + timeout
        self.ws.sock.settimeout(timeout)
        while time.time() < end:
            if any(e["method"] == method for e in self.events):
                return True
            self.events.append(json.loads(self.ws.recv()))
        return False

    def drain(self, seconds):
        end = time.time() + seconds
        while True:
            left = end - time.time()
            if left <= 0:
                return
            self.ws.sock.settimeout(left)
            try:
                self.events.append(json.loads(self.ws.recv()))
            except (socket.timeout, TimeoutError):
                return


def main():
    if len(sys.argv) < 6 or (len(sys.argv) - 4) % 2:
        sys.exit(__doc__)
    chromium, page_path, shot = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    wants = [(sys.argv[i], int(sys.argv[i + 1])) for i in range(4, len(sys.argv), 2)]
    url = "file://" + page_path
    profile = tempfile.mkdtemp(prefix="gpufit-chromium-")
    proc = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         f"--user-data-dir={profile}", "--remote-debugging-address=127.0.0.1",
         "--remote-debugging-port=0", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--disable-sync", "--disable-component-update",
         "--window-size=1200,900", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    fails = []
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        end = time.time() + 60
        while not (os.path.exists(port_file) and os.path.getsize(port_file) > 0):
            if time.time() > end or proc.poll() is not None:
                sys.exit(f"html_browser: {chromium} did not start DevTools")
            time.sleep(0.1)
        port = open(port_file).read().split("\n")[0].strip()
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        target = next(t for t in targets if t["type"] == "page")
        p = Page(WebSocket(target["webSocketDebuggerUrl"]))
        for dom in ("Page", "Network", "Runtime", "Log"):
            p.call(dom + ".enable")
        p.call("Emulation.setDeviceMetricsOverride", width=1200, height=900, deviceScaleFactor=1,
               mobile=False)
        p.events.clear()
        p.call("Page.navigate", url=url)
        if not p.wait("Page.loadEventFired", 60):
            fails.append("the load event did not fire within 60 s")
        p.drain(1.0)
        for e in p.events:
            m, prm = e["method"], e.get("params", {})
            if m == "Network.requestWillBeSent" and prm["request"]["url"] != url:
                fails.append(f"network request: {prm['request']['url'][:200]}")
            elif m == "Runtime.consoleAPICalled" and prm.get("type") in ("error", "assert", "warning"):
                fails.append("console " + prm["type"] + ": " +
                             " ".join(str(a.get("value", a.get("description", ""))) for a in prm.get("args", [])))
            elif m == "Runtime.exceptionThrown":
                fails.append("exception: " + json.dumps(prm.get("exceptionDetails", {}))[:300])
            elif m == "Log.entryAdded" and prm["entry"].get("level") in ("error", "warning"):
                fails.append(f"log {prm['entry']['level']}: {prm['entry'].get('text', '')[:300]}")
        docs = [e for e in p.events if e["method"] == "Network.requestWillBeSent"]
        if not any(e["params"]["request"]["url"] == url for e in docs):
            fails.append("the document itself was never requested (did the page load?)")
        for sel, least in wants:
            expr = ("(() => { const v = [...document.querySelectorAll(%s)].map(e => {"
                    " const r = e.getBoundingClientRect(), s = getComputedStyle(e);"
                    " return r.width > 0 && r.height > 0 && s.display !== 'none' &&"
                    " s.visibility !== 'hidden'; });"
                    " return JSON.stringify([v.length, v.filter(x => x).length]); })()") % json.dumps(sel)
            r = p.call("Runtime.evaluate", expression=expr, returnByValue=True)
            n, vis = json.loads(r["result"]["value"])
            if n < least:
                fails.append(f"'{sel}': {n} elements, want at least {least}")
            if vis != n:
                fails.append(f"'{sel}': {n - vis} of {n} elements are not visible")
        title = p.call("Runtime.evaluate", expression="document.title", returnByValue=True)
        img = p.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        with open(shot, "wb") as f:
            f.write(base64.b64decode(img["data"]))
        if not os.path.getsize(shot):
            fails.append("empty screenshot")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(profile, ignore_errors=True)
    if fails:
        for f in fails:
            print(f"html_browser: FAIL {os.path.basename(page_path)}: {f}")
        sys.exit(1)
    print(f"html_browser: ok {os.path.basename(page_path)} ({title['result']['value']}): "
          + ", ".join(f"at least {n} x '{sel}'" for sel, n in wants) + f"; screenshot {shot}")


if __name__ == "__main__":
    main()
