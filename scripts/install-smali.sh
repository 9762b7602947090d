#!/usr/bin/env bash
# The dex assembler for `turnleaf publish --format apk`: smali (BSD-3, org.smali:smali on Maven Central) and the
# jars it needs, fetched here at set-up time with Maven into ~/.cache/turnleaf/smali; nothing downloads at run
# time. The CLI assembles services/cli/native/android/BookActivity.smali into the APK's classes.dex with it
# (`java -cp '<dir>/*' org.jf.smali.Main assemble`). Without Maven or Java the APK format says so and stops.
set -euo pipefail
version=2.5.2
dir="${TURNLEAF_SMALI_DIR:-${HOME}/.cache/turnleaf/smali}"
stamp="${dir}/smali-${version}.stamp"
[[ -f "${stamp}" ]] && exit 0
if ! command -v mvn >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then
  echo "install-smali: mvn or java not found; turnleaf publish --format apk will be unavailable" >&2
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
cat >"${work}/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>local.turnleaf</groupId><artifactId>smali-fetch</artifactId><version>1</version>
  <dependencies><dependency><groupId>org.smali</groupId><artifactId>smali</artifactId><version>${version}</version></dependency></dependencies>
</project>
POM
mkdir -p "${dir}"
if ! mvn -q -B -f "${work}/pom.xml" dependency:copy-dependencies -DoutputDirectory="${dir}" >&2; then
  echo "install-smali: Maven could not fetch org.smali:smali ${version}; turnleaf publish --format apk will be unavailable" >&2
  exit 0
fi
touch "${stamp}"
