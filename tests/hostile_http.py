#!/usr/bin/env python3
"""A hostile HTTP peer on 127.0.0.1 for the limits of `analyze --prometheus`.

    hostile_http.py MODE PORT_FILE [ARG]

Listens on a free port (written to PORT_FILE once it accepts) and answers
every GET according to MODE:

  hang      reads the request, then sends nothing
  trickle   a 200 header, then the body one byte every ARG seconds (default 0.5)
  endless   a 200 header without Content-Length, then an endless JSON body
  big       a 200 header and a syntactically valid JSON answer of ARG MiB

Each connection has its own thread; the process ends when killed.  A log of
the requests goes to stderr.
"""
import socket
import sys
import threading
import time

MODE = sys.argv[1]
PORT_FILE = sys.argv[2]
ARG = float(sys.argv[3]) if len(sys.argv) > 3 else None

HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\n")
# a valid answer's start: a matrix whose one series never ends
START = (b'{"status":"success","data":{"resultType":"matrix","result":[{"metric":'
         b'{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"h","gpu":"0"},"values":[')
PAIR = b'[1780000000,"1"],'


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        if not chunk:
            return False
        data += chunk
    sys.stderr.write(data.split(b"\r\n", 1)[0].decode("latin-1") + "\n")
    return True


def serve(conn):
    try:
        if not read_request(conn):
            return
        if MODE == "hang":
            time.sleep(3600)
        elif MODE == "trickle":
            conn.sendall(HEAD + b"\r\n")
            step = ARG if ARG else 0.5
            for b in START:
                conn.sendall(bytes([b]))
                time.sleep(step)
        elif MODE == "endless":
            conn.sendall(HEAD + b"\r\n" + START)
            block = PAIR * 4096
            while True:
                conn.sendall(block)
        elif MODE == "big":
            conn.sendall(BIG)
    except OSError:
        pass
    finally:
        try:
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        conn.close()


BIG = b""
if MODE == "big":
    _body = START + PAIR * int((ARG or 1) * 1048576 / len(PAIR)) + b'[1780000000,"1"]]}]}}'
    BIG = HEAD + b"Content-Length: %d\r\n\r\n" % len(_body) + _body
    del _body


def main():
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(64)
    with open(PORT_FILE + ".tmp", "w") as f:
        f.write(str(srv.getsockname()[1]))
    import os
    os.rename(PORT_FILE + ".tmp", PORT_FILE)
    while True:
        conn, _ = srv.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    main()
