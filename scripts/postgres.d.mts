export declare function postgresBinDir(): string | null;
export declare function startPostgres(options?: { fsync?: boolean }): Promise<{ server: { url: string; stop(): void } | null; reason: string }>;
