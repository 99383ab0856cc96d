export const sessionKey = ['session'] as const;
export const accountKey = (region: string) => ['account', region] as const;
export const containersKey = (region: string, prefix: string) => ['containers', region, prefix] as const;
