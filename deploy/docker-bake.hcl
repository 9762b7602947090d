# The Turnleaf images: one target per service, all built from deploy/Dockerfile. From the repository root:
#   docker buildx bake -f deploy/docker-bake.hcl                  # every image, turnleaf/<service>:0.1.0
#   docker buildx bake -f deploy/docker-bake.hcl book gateway     # some of them
#   REGISTRY=registry.example.com/turnleaf VERSION=0.2.0 docker buildx bake -f deploy/docker-bake.hcl --push
# Each service's port is the one the Helm chart gives it (helm/turnleaf/values.yaml, components.<service>.port);
# tests/helm/chart-images-docs.test.ts checks this list, and the compose file's build arguments, against the chart.

variable "REGISTRY" {
  default = "turnleaf"
}

variable "VERSION" {
  default = "0.1.0"
}

variable "NODE_IMAGE" {
  default = "node:20.20.2-bookworm-slim"
}

group "default" {
  targets = ["images"]
}

# One image per service: name (services/<name>, image turnleaf/<name>), stage (the Dockerfile's final stage),
# port (the chart's components.<name>.port), description (the image's description label).
target "images" {
  name = service.name
  matrix = {
    service = [
      { name = "gateway", stage = "gateway", port = "8080", description = "the HTTP gateway (REST, editor, reader)" },
      { name = "book", stage = "grpc", port = "50051", description = "the book service" },
      { name = "power", stage = "grpc", port = "50052", description = "the power service" },
      { name = "upload", stage = "grpc", port = "50053", description = "the upload service" },
      { name = "conversion", stage = "conversion", port = "50054", description = "the conversion workers" },
      { name = "licence", stage = "grpc", port = "50055", description = "the licence service" },
      { name = "language", stage = "grpc", port = "50056", description = "the language service" },
      { name = "insight", stage = "grpc", port = "50057", description = "the insight service (reading statistics, lead forms)" },
    ]
  }
  context    = "."
  dockerfile = "deploy/Dockerfile"
  target     = service.stage
  args = {
    NODE_IMAGE  = NODE_IMAGE
    SERVICE     = service.name
    PORT        = service.port
    DESCRIPTION = service.description
    VERSION     = VERSION
  }
  tags = ["${REGISTRY}/${service.name}:${VERSION}"]
}
