/**
 * The address anyone can open once a container is public: the region's
 * storage endpoint (`{base}/v1/<account>`) followed by the container. The
 * name is percent-encoded, since Swift allows almost any character in it.
 */
export function publicContainerUrl(endpoint: string, container: string): string {
  return `${endpoint.replace(/\/+$/, '')}/${encodeURIComponent(container)}/`;
}
