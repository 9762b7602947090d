#!/usr/bin/env bash
# Builds the local store servers (NATS, FerretDB, MinIO), Stripe's API mock (stripe-mock, for the payment tests),
# for the chart tests (tests/helm) the Helm CLI and tests/helm/manifestcheck, and for the cluster test
# (tests/cluster) etcd, kube-apiserver, kube-controller-manager and kubectl, for the trace test (tests/system/trace)
# a minimal OpenTelemetry Collector (tests/system/otelcol), from source with Go into
# ${TURNLEAF_TOOLS_DIR:-$HOME/.cache/turnleaf/bin}. Each
# binary gets a <name>.version stamp; a binary whose stamp matches its pinned version (manifestcheck: the hash of
# its sources) is left alone, so a second run is a fast no-op. Needs only Go and access to the Go module proxy.
set -euo pipefail

readonly NATS_MODULE=github.com/nats-io/nats-server/v2
readonly NATS_VERSION=v2.15.2
readonly FERRETDB_MODULE=github.com/FerretDB/FerretDB
readonly FERRETDB_VERSION=v1.24.2
# The build adds one file to FerretDB's SQLite backend and applies two patches (scripts/ferretdb/README.md says why);
# bump the suffix when they change, so an installed build is replaced.
readonly FERRETDB_BUILD="$FERRETDB_VERSION+turnleaf-pushdown.3"
readonly MINIO_MODULE=github.com/minio/minio
readonly MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
readonly STRIPE_MOCK_MODULE=github.com/stripe/stripe-mock
readonly STRIPE_MOCK_VERSION=v0.203.0
readonly HELM_MODULE=helm.sh/helm/v3
readonly HELM_VERSION=v3.22.0
# The cluster test (tests/cluster): etcd and Kubernetes, each built from a small module in tests/cluster/.
readonly ETCD_VERSION=v3.6.17
readonly KUBE_VERSION=v1.37.2
# The trace test (tests/system/trace.test.ts): the collector's OTLP receiver and the contrib file exporter, one release.
readonly OTELCOL_VERSION=v0.161.0

tools_dir="${TURNLEAF_TOOLS_DIR:-$HOME/.cache/turnleaf/bin}"
repo_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf 'install-servers: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

command -v go >/dev/null 2>&1 || die "Go is not on PATH; install Go 1.26+ first"
# Builds run inside downloaded module copies; a go.work from the caller's shell must not take part.
export GOWORK=off
mkdir -p "$tools_dir"

work_dir="$(mktemp -d "${TMPDIR:-/tmp}/turnleaf-install.XXXXXX")"
trap 'chmod -R u+w "$work_dir" 2>/dev/null || true; rm -rf "$work_dir"' EXIT

# Two runs at once (e.g. two terminals) would race on the same output files.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$tools_dir/.install.lock"
  flock 9
fi

stamp_matches() { # name version
  [[ -x "$tools_dir/$1" && -f "$tools_dir/$1.version" && "$(<"$tools_dir/$1.version")" == "$2" ]]
}

# Binaries installed by `go install` record their module version, so one built
# before stamps existed can be adopted instead of rebuilt (MinIO takes minutes).
built_from() { # name module version
  [[ -x "$tools_dir/$1" ]] &&
    [[ "$(go version -m "$tools_dir/$1" 2>/dev/null | awk '$1 == "mod" { print $2 "@" $3 }')" == "$2@$3" ]]
}

install_binary() { # name version built-binary-path
  mv -f "$3" "$tools_dir/$1"
  printf '%s\n' "$2" >"$tools_dir/$1.version"
  say "$1 $2 installed"
}

module_source_dir() { # module version -> prints a writable copy of the module source
  local dir copy
  dir="$(go mod download -json "$1@$2" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  [[ -n "$dir" && -d "$dir" ]] || die "go mod download $1@$2 did not report a source directory"
  copy="$work_dir/src-$(basename "$dir")"
  cp -R "$dir" "$copy"
  chmod -R u+w "$copy"
  printf '%s\n' "$copy"
}

# `go install module@version` when possible; otherwise build inside the downloaded
# module (go install fails when the proxy refuses the module's version list).
go_install_or_build() { # name module version package-in-module [ldflags]
  local name=$1 module=$2 version=$3 package=$4 ldflags=${5:-}
  local gobin="$work_dir/gobin-$name" built
  mkdir -p "$gobin"
  if GOBIN="$gobin" go install -trimpath ${ldflags:+-ldflags "$ldflags"} "$module${package:+/$package}@$version"; then
    built="$(find "$gobin" -type f | head -n 1)"
  else
    say "go install failed for $name; building from the downloaded module instead"
    built="$gobin/$name"
    local src
    src="$(module_source_dir "$module" "$version")"
    (cd "$src" && go build -trimpath ${ldflags:+-ldflags "$ldflags"} -o "$built" "./$package")
  fi
  install_binary "$name" "$version" "$built"
}

ensure_go_installed() { # name module version package-in-module [ldflags]
  local name=$1 module=$2 version=$3 package=$4 ldflags=${5:-}
  if stamp_matches "$name" "$version"; then
    return
  fi
  if [[ -z "$ldflags" ]] && built_from "$name" "$module" "$version"; then
    printf '%s\n' "$version" >"$tools_dir/$name.version"
    say "$name $version already present; stamped"
    return
  fi
  say "building $name $version (this can take several minutes)"
  go_install_or_build "$name" "$module" "$version" "$package" "$ldflags"
}

ensure_ferretdb() {
  stamp_matches ferretdb "$FERRETDB_BUILD" && return
  say "building ferretdb $FERRETDB_BUILD"
  local src
  src="$(module_source_dir "$FERRETDB_MODULE" "$FERRETDB_VERSION")"
  cp "$repo_dir/scripts/ferretdb/equality_pushdown.go" "$src/internal/backends/sqlite/"
  local patch
  for patch in sqlite-collection.patch resource-tracking.patch; do
    (cd "$src" && git apply "$repo_dir/scripts/ferretdb/$patch") ||
      die "scripts/ferretdb/$patch does not apply to FerretDB $FERRETDB_VERSION"
  done
  # FerretDB panics at startup unless build/version/version.txt exists; its release
  # tooling generates that file, and the module zip does not ship it.
  printf '%s\n' "$FERRETDB_VERSION" >"$src/build/version/version.txt"
  printf 'turnleaf-source\n' >"$src/build/version/package.txt"
  (cd "$src" && go build -trimpath -o "$work_dir/ferretdb" ./cmd/ferretdb)
  [[ "$("$work_dir/ferretdb" --version)" == *"version: $FERRETDB_VERSION"* ]] ||
    die "the freshly built ferretdb does not report version $FERRETDB_VERSION"
  install_binary ferretdb "$FERRETDB_BUILD" "$work_dir/ferretdb"
}

# Helm is no server, but the chart tests (tests/helm) need it; it builds from the official source like the
# others. Helm's Makefile stamps its version and the Kubernetes version that `helm template` and `helm lint`
# assume through ldflags (a plain `go install` would report v3.22 and Kubernetes 1.20); do the same, with
# Kubernetes major+1.minor of the k8s.io/client-go module it is built with (v0.37 -> 1.37), statically linked.
ensure_helm() {
  # The stamp alone would also accept a plain `go install` build; the binary must report the version too.
  if stamp_matches helm "$HELM_VERSION" &&
    [[ "$("$tools_dir/helm" version --template '{{.Version}}' 2>/dev/null)" == "$HELM_VERSION" ]]; then
    return
  fi
  local client_go k8s_major k8s_minor ldflags
  client_go="$(go mod download -json "$HELM_MODULE@$HELM_VERSION" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p')"
  [[ -f "$client_go" ]] || die "go mod download $HELM_MODULE@$HELM_VERSION did not report a go.mod"
  client_go="$(awk '$1 == "k8s.io/client-go" { print $2; exit }' "$client_go")" # e.g. v0.37.0
  [[ "$client_go" =~ ^v0\.([0-9]+)\. ]] || die "cannot tell the client-go version helm $HELM_VERSION uses"
  k8s_major=1 k8s_minor="${BASH_REMATCH[1]}"
  ldflags="-w -s -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
  ldflags+=" -X helm.sh/helm/v3/internal/version.gitTreeState=clean"
  local pkg
  for pkg in helm.sh/helm/v3/pkg/lint/rules helm.sh/helm/v3/pkg/chartutil; do
    ldflags+=" -X $pkg.k8sVersionMajor=$k8s_major -X $pkg.k8sVersionMinor=$k8s_minor"
  done
  say "building helm $HELM_VERSION (Kubernetes $k8s_major.$k8s_minor API defaults)"
  CGO_ENABLED=0 go_install_or_build helm "$HELM_MODULE" "$HELM_VERSION" "cmd/helm" "$ldflags"
  [[ "$("$tools_dir/helm" version --template '{{.Version}}')" == "$HELM_VERSION" ]] ||
    die "the freshly built helm does not report version $HELM_VERSION"
}

# tests/helm/manifestcheck decodes rendered manifests strictly into the k8s.io/api types. Its modules come from the
# module proxy, so it is built here (set-up) and the tests only run the binary. The stamp is the sha256 of go.mod,
# go.sum and its .go files, which tests/helm/chart-fixtures.ts recomputes to refuse a stale binary.
ensure_manifestcheck() {
  local src="$repo_dir/tests/helm/manifestcheck" stamp
  [[ -f "$src/go.mod" ]] || return 0
  stamp="$(cd "$src" && { cat go.mod go.sum; printf '%s\n' *.go | LC_ALL=C sort | xargs cat; } | sha256sum | cut -d' ' -f1)"
  stamp_matches manifestcheck "$stamp" && return
  say "building manifestcheck (tests/helm)"
  (cd "$src" && go build -mod=readonly -trimpath -o "$work_dir/manifestcheck" .)
  install_binary manifestcheck "$stamp" "$work_dir/manifestcheck"
}

# etcd's module has relative replaces (`go install` refuses it) and kubernetes' cmd packages build only with the
# staging modules replaced, so each is built inside a module of ours that requires it (go.mod, go.sum committed).
# The stamp is the version plus a hash of that module's go.mod and go.sum.
module_stamp() { # version dir
  printf '%s-%s\n' "$1" "$(cat "$2/go.mod" "$2/go.sum" | sha256sum | cut -c1-12)"
}

ensure_etcd() {
  local src="$repo_dir/tests/cluster/etcd" stamp
  stamp="$(module_stamp "$ETCD_VERSION" "$src")"
  stamp_matches etcd "$stamp" && return
  say "building etcd $ETCD_VERSION (about a minute)"
  (cd "$src" && go build -mod=readonly -trimpath -ldflags "-s -w" -o "$work_dir/etcd" go.etcd.io/etcd/server/v3)
  install_binary etcd "$stamp" "$work_dir/etcd"
}

# kube-apiserver and kube-controller-manager (Deployments make Pods, so Pod Security admission sees them) and kubectl
# from the same module. Without the version ldflags the API server says v0.0.0 and Helm's kubeVersion check fails.
ensure_kube() {
  local src="$repo_dir/tests/cluster/kube" stamp name ldflags
  stamp="$(module_stamp "$KUBE_VERSION" "$src")"
  if stamp_matches kube-apiserver "$stamp" && stamp_matches kube-controller-manager "$stamp" &&
    stamp_matches kubectl "$stamp"; then
    return
  fi
  [[ "$KUBE_VERSION" =~ ^v1\.([0-9]+)\. ]] || die "cannot read the minor version of $KUBE_VERSION"
  ldflags="-s -w -X k8s.io/component-base/version.gitVersion=$KUBE_VERSION"
  ldflags+=" -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=${BASH_REMATCH[1]}"
  ldflags+=" -X k8s.io/client-go/pkg/version.gitVersion=$KUBE_VERSION"
  say "building kube-apiserver, kube-controller-manager and kubectl $KUBE_VERSION (6-10 minutes, once)"
  mkdir -p "$work_dir/kube"
  (cd "$src" && go build -mod=readonly -trimpath -ldflags "$ldflags" -o "$work_dir/kube/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager k8s.io/kubernetes/cmd/kubectl)
  for name in kube-apiserver kube-controller-manager kubectl; do
    install_binary "$name" "$stamp" "$work_dir/kube/$name"
  done
}

# The trace test's collector: the core's OTLP receiver and contrib's file exporter in a main of ours
# (tests/system/otelcol, as the collector's builder would generate it), so no builder run and no unused component.
ensure_otelcol() {
  local src="$repo_dir/tests/system/otelcol" stamp
  # The stamp is the release plus a hash of the module and its main (a changed main.go rebuilds it too).
  stamp="$OTELCOL_VERSION-$(cat "$src/go.mod" "$src/go.sum" "$src/main.go" | sha256sum | cut -c1-12)"
  stamp_matches otelcol "$stamp" && return
  say "building otelcol $OTELCOL_VERSION (about two minutes, once)"
  (cd "$src" && go build -mod=readonly -trimpath -ldflags "-s -w" -o "$work_dir/otelcol" .)
  install_binary otelcol "$stamp" "$work_dir/otelcol"
}

ensure_go_installed nats-server "$NATS_MODULE" "$NATS_VERSION" ""
ensure_ferretdb
ensure_go_installed minio "$MINIO_MODULE" "$MINIO_VERSION" ""
# Stripe's own mock of its API (the payment tests' provider; tests/payments, tests/editor/account-bar).
ensure_go_installed stripe-mock "$STRIPE_MOCK_MODULE" "$STRIPE_MOCK_VERSION" ""
ensure_helm
ensure_manifestcheck
ensure_etcd
ensure_kube
ensure_otelcol
say "all servers and tools present in $tools_dir"
