#!/usr/bin/env python3
"""A bearer-token gate in front of a real Prometheus, for the analyze tests.

    prom_auth_proxy.py --upstream http://127.0.0.1:PORT --token-file FILE
                       --port-file FILE [--require-header 'Name: value']
                       [--reject SUBSTRING] [--log FILE] [--tls CERT KEY]

Listens on 127.0.0.1 (a free port, written to --port-file once bound).  A
request without "Authorization: Bearer <the token>" is answered 401, as a
managed Prometheus (Azure Monitor, Grafana Cloud) answers one; so is a
request lacking --require-header (Mimir's X-Scope-OrgID).  A query holding
--reject is answered 400 bad_data, as a server lacking a function answers.
Everything else is forwarded to --upstream and its answer passed back.
--log appends one JSON line per request: path, query, status, and for a
vector answer the number of distinct GPU series in it (labels without
gpufit_stat, pod and namespace).  The token itself is never logged.
"""
import argparse
import http.server
import json
import ssl
import sys
import urllib.error
import urllib.parse
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--upstream", required=True)
    ap.add_argument("--token-file", required=True)
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--require-header")
    ap.add_argument("--reject")
    ap.add_argument("--log")
    ap.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    a = ap.parse_args()
    with open(a.token_file) as f:
        token = f.read().strip()
    need = None
    if a.require_header:
        name, _, value = a.require_header.partition(":")
        need = (name.strip(), value.strip())

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):
            pass

        def reply(self, status, body, ctype="application/json"):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def record(self, query, status, body):
            if not a.log:
                return
            series = None
            try:
                doc = json.loads(body)
                if doc.get("data", {}).get("resultType") == "vector":
                    ids = set()
                    for r in doc["data"]["result"]:
                        m = dict(r["metric"])
                        for k in ("gpufit_stat", "exported_pod", "pod", "pod_name",
                                  "exported_namespace", "namespace", "pod_namespace"):
                            m.pop(k, None)
                        ids.add(tuple(sorted(m.items())))
                    series = len(ids)
            except (ValueError, KeyError, AttributeError):
                pass
            path = urllib.parse.urlsplit(self.path).path
            with open(a.log, "a") as f:
                f.write(json.dumps({"path": path, "query": query, "status": status,
                                    "series": series}) + "\n")

        def do_GET(self):
            qs = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            query = qs.get("query", [""])[0]
            if self.headers.get("Authorization", "") != "Bearer " + token:
                body = json.dumps({"status": "error", "errorType": "unauthorized",
                                   "error": "missing or wrong bearer token"}).encode()
                self.record(query, 401, body)
                return self.reply(401, body)
            if need and self.headers.get(need[0], "") != need[1]:
                body = json.dumps({"status": "error", "errorType": "unauthorized",
                                   "error": "no %s" % need[0]}).encode()
                self.record(query, 401, body)
                return self.reply(401, body)
            if a.reject and a.reject in query:
                body = json.dumps({"status": "error", "errorType": "bad_data",
                                   "error": "unknown function %s" % a.reject}).encode()
                self.record(query, 400, body)
                return self.reply(400, body)
            try:
                with urllib.request.urlopen(a.upstream + self.path, timeout=60) as r:
                    status, body = r.status, r.read()
                    ctype = r.headers.get("Content-Type", "application/json")
            except urllib.error.HTTPError as e:
                status, body = e.code, e.read()
                ctype = e.headers.get("Content-Type", "application/json")
            self.record(query, status, body)
            self.reply(status, body, ctype)

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if a.tls:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(a.tls[0], a.tls[1])
        srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
    with open(a.port_file + ".tmp", "w") as f:
        f.write(str(srv.server_address[1]))
    import os
    os.replace(a.port_file + ".tmp", a.port_file)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
