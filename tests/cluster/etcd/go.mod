// etcd for the cluster test (tests/cluster), built by scripts/install-servers.sh; `go install` of etcd fails on
// its relative replaces, so a module that requires it builds its main package instead.
module turnleaf.local/etcd

go 1.26.0

require go.etcd.io/etcd/server/v3 v3.6.17
