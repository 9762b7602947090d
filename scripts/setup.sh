#!/usr/bin/env bash
# Installs what the project needs on a machine of this kind: npm dependencies (from the lockfile) and the
# store servers (built with Go into ~/.cache/turnleaf/bin). Fast no-op when both are already in place.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  # Not `npm ci`: this machine kind's registry has at times held only the Linux builds of platform packages
  # (biome, buf, esbuild ...), so a lockfile could not list the others and `npm ci` refused it. `npm install` still
  # installs exactly the locked versions, and adds any platform entries the registry serves now (they are committed).
  npm install --no-audit --no-fund
fi
bash scripts/install-servers.sh
# Native PDFium for the conversion workers (pip download of the pypdfium2 wheel; WebAssembly without it).
bash scripts/install-pdfium.sh
# Debian packages the tests use: Chromium's headless shell for the reader and editor (driven by playwright-core,
# which downloads nothing), php-cli to run the WordPress plug-in turnleaf publishes, and a CJK font so screenshots of the Chinese
# interface show its text (headless Chromium draws boxes without one).
missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v php >/dev/null 2>&1 || missing+=(php-cli)
# PostgreSQL, where the tests' FerretDB keeps its data (scripts/src/stores.ts): on SQLite, FerretDB reads a whole
# collection for any query not by _id. The tests start their own clusters, so the package's own is not created.
if ! compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then
  missing+=(postgresql)
  if [[ ! -e /etc/postgresql-common/createcluster.conf && $(id -u) -eq 0 ]]; then
    mkdir -p /etc/postgresql-common && echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
  fi
fi
dpkg -s fonts-wqy-microhei >/dev/null 2>&1 || missing+=(fonts-wqy-microhei)
# The conversion worker: LibreOffice turns presentations and documents into PDFs (Impress and Writer, headless);
# tesseract reads scanned pages (Chinese and English models).
dpkg -s libreoffice-impress >/dev/null 2>&1 || missing+=(libreoffice-impress)
dpkg -s libreoffice-writer >/dev/null 2>&1 || missing+=(libreoffice-writer)
# bubblewrap runs each LibreOffice conversion in an empty filesystem view without network (office/sandbox.ts).
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
# qpdf encrypts the test documents of the conversion's pdf.js fallback (tests/conversion/fallback-engine.test.ts).
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
dpkg -s tesseract-ocr-chi-sim >/dev/null 2>&1 || missing+=(tesseract-ocr-chi-sim)
dpkg -s tesseract-ocr-eng >/dev/null 2>&1 || missing+=(tesseract-ocr-eng)
# The book service: page audio (#37) speaks a page's text with espeak-ng (Chinese and English) and encodes it to MP3.
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v lame >/dev/null 2>&1 || missing+=(lame)
# turnleaf publish --format exe|apk and signatures: NSIS (makensis), the Android packaging tools and the
# framework resources aapt links against, a JDK (keytool, java for apksigner and smali); the tests list an EXE's
# payload with p7zip and check an APK's classes.dex with dexdump.
command -v makensis >/dev/null 2>&1 || missing+=(nsis)
command -v aapt >/dev/null 2>&1 || missing+=(aapt)
command -v zipalign >/dev/null 2>&1 || missing+=(zipalign)
command -v apksigner >/dev/null 2>&1 || missing+=(apksigner)
dpkg -s android-framework-res >/dev/null 2>&1 || missing+=(android-framework-res)
command -v keytool >/dev/null 2>&1 || missing+=(default-jdk-headless)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
command -v 7z >/dev/null 2>&1 || missing+=(p7zip-full)
command -v dexdump >/dev/null 2>&1 || missing+=(dexdump)
if ((${#missing[@]} > 0)); then
  echo "setup: installing ${missing[*]} from Debian's packages" >&2
  apt_get() { if [[ $(id -u) -eq 0 ]]; then apt-get "$@"; else sudo apt-get "$@"; fi; }
  apt_get update -qq
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq "${missing[@]}" >/dev/null
fi
# smali, the dex assembler for turnleaf publish --format apk (Maven Central, into ~/.cache/turnleaf/smali;
# after the Debian packages: it needs Maven and Java).
bash scripts/install-smali.sh
