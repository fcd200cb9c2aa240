export declare function postgresBinDir(): string | null;
export declare function startPostgres(): Promise<{ server: { url: string; stop(): void } | null; reason: string }>;
