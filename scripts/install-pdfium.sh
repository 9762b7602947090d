#!/usr/bin/env bash
# The native PDFium library for the conversion workers: libpdfium.so (BSD-3/Apache-2.0, built by the
# pdfium-binaries project) ships inside the pypdfium2 wheel on PyPI. Fetched here, at set-up time, with
# `pip download` into ~/.cache/turnleaf/pdfium; nothing downloads at run time. Without it (no pip, another
# architecture, no registry) the workers use PDFium's WebAssembly build, which npm installs.
set -euo pipefail
version=5.15.2
dir="${HOME}/.cache/turnleaf/pdfium"
stamp="${dir}/pypdfium2-${version}"
[[ -f "${dir}/libpdfium.so" && -f "${stamp}" ]] && exit 0
case "$(uname -m)" in
  x86_64) platform=manylinux_2_17_x86_64 ;;
  aarch64) platform=manylinux_2_17_aarch64 ;;
  *) echo "install-pdfium: no pypdfium2 wheel for $(uname -m); conversion uses WebAssembly" >&2; exit 0 ;;
esac
python=$(command -v python3 || true)
if [[ -z "${python}" ]] || ! "${python}" -m pip --version >/dev/null 2>&1; then
  echo "install-pdfium: python3 with pip not found; conversion uses WebAssembly" >&2
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
if ! "${python}" -m pip download --quiet --no-deps --only-binary=:all: --platform "${platform}" \
  "pypdfium2==${version}" -d "${work}" >&2; then
  echo "install-pdfium: pip could not fetch pypdfium2 ${version}; conversion uses WebAssembly" >&2
  exit 0
fi
mkdir -p "${dir}"
"${python}" - "${work}" "${dir}" <<'PY'
import glob, sys, zipfile
work, target = sys.argv[1], sys.argv[2]
wheel = zipfile.ZipFile(glob.glob(f"{work}/pypdfium2-*.whl")[0])
with open(f"{target}/libpdfium.so.part", "wb") as out:
    out.write(wheel.read("pypdfium2_raw/libpdfium.so"))
with open(f"{target}/version.json", "wb") as out:
    out.write(wheel.read("pypdfium2_raw/version.json"))
PY
mv "${dir}/libpdfium.so.part" "${dir}/libpdfium.so"
touch "${stamp}"
echo "install-pdfium: libpdfium.so (pypdfium2 ${version}) in ${dir}" >&2
