/**
 * The address anyone can open once a container is public: the region's
 * storage endpoint (`{base}/v1/<account>`) followed by the container. The
 * name is percent-encoded, since Swift allows almost any character in it.
 */
export function publicContainerUrl(endpoint: string, container: string): string {
  return `${endpoint.replace(/\/+$/, '')}/${encodeURIComponent(container)}/`;
}

/**
 * An object's public address: each "/"-separated part of its name encoded on
 * its own, so the slashes stay path separators, as Swift reads them.
 */
export function publicObjectUrl(endpoint: string, container: string, name: string): string {
  return publicContainerUrl(endpoint, container) + name.split('/').map(encodeURIComponent).join('/');
}
