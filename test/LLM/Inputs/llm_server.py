"""A loopback LLM endpoint that plays scripted answers, for the LLM tests.

    llm_server.py --script S.json [--log L.jsonl] [--tls CERT KEY] -- CMD ARG...

Starts an HTTP(S) server on 127.0.0.1 (a free port), runs CMD with every
"@PORT@" in its arguments replaced by the port, and exits with CMD's status.
The server answers the requests it gets, in order, with the script's
"responses" (OpenAI-style for .../chat/completions, Anthropic-style for
.../messages); once they are used up it answers 500. Each entry may give:
  "content": the reply's text (wrapped as a completion, with token counts),
  "json": a raw JSON body, "raw": a raw text body, "huge": a body of N bytes,
  "status" (default 200), "headers", "delay" (seconds before answering).
"@AUTH@" in a body stands for the request's auth header (Authorization or
x-api-key), as a server that echoes it would answer.
The log gets one JSON line per request: path, the auth headers it carried,
the model and the messages' roles.
"""
import argparse
import http.server
import json
import os
import ssl
import subprocess
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--script", required=True)
    parser.add_argument("--log")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    with open(args.script) as f:
        responses = list(json.load(f)["responses"])
    lock = threading.Lock()
    log = open(args.log, "w") if args.log else None

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            with lock:
                entry = responses.pop(0) if responses else {
                    "status": 500, "json": {"error": {"message": "the test script has no more answers"}}}
                if log:
                    log.write(json.dumps({
                        "path": self.path,
                        "authorization": self.headers.get("Authorization"),
                        "x-api-key": self.headers.get("x-api-key"),
                        "anthropic-version": self.headers.get("anthropic-version"),
                        "model": body.get("model"),
                        "roles": [m.get("role") for m in body.get("messages", [])],
                        "system": "system" in body,
                    }) + "\n")
                    log.flush()
            time.sleep(entry.get("delay", 0))
            if "content" in entry:
                if self.path.endswith("/messages"):
                    payload = {"type": "message", "role": "assistant",
                               "content": [{"type": "text", "text": entry["content"]}],
                               "usage": {"input_tokens": 1000, "output_tokens": 50}}
                else:
                    payload = {"object": "chat.completion",
                               "choices": [{"index": 0, "message": {"role": "assistant",
                                                                    "content": entry["content"]}}],
                               "usage": {"prompt_tokens": 1000, "completion_tokens": 50}}
                data = json.dumps(payload).encode()
            elif "json" in entry:
                data = json.dumps(entry["json"]).encode()
            elif "huge" in entry:
                data = b"x" * entry["huge"]
            else:
                data = entry.get("raw", "").encode()
            auth = self.headers.get("Authorization") or self.headers.get("x-api-key") or ""
            data = data.replace(b"@AUTH@", auth.encode())
            try:
                self.send_response(entry.get("status", 200))
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in entry.get("headers", {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                pass  # The client gave up (a timeout, a size limit).

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            pass  # A client that hung up or refused the certificate: expected here.

    server = Server(("127.0.0.1", 0), Handler)
    if args.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*args.tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    status = subprocess.call([a.replace("@PORT@", str(port)) for a in command])
    server.shutdown()
    sys.stdout.flush()
    os._exit(status)


if __name__ == "__main__":
    main()
