// Command manifestcheck strictly decodes Kubernetes manifests (multi-document YAML on stdin, as `helm template`
// prints them) into the typed k8s.io/api structs of the Kubernetes version Helm targets: an unknown or misspelt
// field, a wrong type or an unknown kind is an error. The API server and `kubectl apply` reject those too, but
// there is no cluster where the tests run. It does not run the API server's semantic validation.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// The kinds the chart renders, by apiVersion/kind.
var kinds = map[string]func() any{
	"apps/v1/Deployment":                     func() any { return &appsv1.Deployment{} },
	"apps/v1/StatefulSet":                    func() any { return &appsv1.StatefulSet{} },
	"v1/Service":                             func() any { return &corev1.Service{} },
	"v1/Secret":                              func() any { return &corev1.Secret{} },
	"v1/ConfigMap":                           func() any { return &corev1.ConfigMap{} },
	"v1/ServiceAccount":                      func() any { return &corev1.ServiceAccount{} },
	"v1/Pod":                                 func() any { return &corev1.Pod{} },
	"policy/v1/PodDisruptionBudget":          func() any { return &policyv1.PodDisruptionBudget{} },
	"autoscaling/v2/HorizontalPodAutoscaler": func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
	"networking.k8s.io/v1/Ingress":           func() any { return &networkingv1.Ingress{} },
	"networking.k8s.io/v1/NetworkPolicy":     func() any { return &networkingv1.NetworkPolicy{} },
}

type header struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
	} `json:"metadata"`
}

func main() {
	reader := utilyaml.NewYAMLReader(bufio.NewReader(os.Stdin))
	var problems []string
	count := 0
	for {
		document, err := reader.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "manifestcheck: reading input: %v\n", err)
			os.Exit(2)
		}
		if len(bytes.TrimSpace(stripComments(document))) == 0 {
			continue
		}
		count++
		var head header
		if err := yaml.Unmarshal(document, &head); err != nil {
			problems = append(problems, fmt.Sprintf("document %d: %v", count, err))
			continue
		}
		where := fmt.Sprintf("%s/%s %s", head.APIVersion, head.Kind, head.Metadata.Name)
		newObject, known := kinds[head.APIVersion+"/"+head.Kind]
		if !known {
			problems = append(problems, where+": kind not checked by manifestcheck (add it)")
			continue
		}
		if err := yaml.UnmarshalStrict(document, newObject()); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", where, err))
		}
	}
	if len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "manifestcheck: %d problem(s)\n  %s\n", len(problems), strings.Join(problems, "\n  "))
		os.Exit(1)
	}
	fmt.Printf("manifestcheck: %d manifests decode strictly\n", count)
}

func stripComments(document []byte) []byte {
	var out bytes.Buffer
	for _, line := range strings.Split(string(document), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			out.WriteString(line + "\n")
		}
	}
	return out.Bytes()
}
