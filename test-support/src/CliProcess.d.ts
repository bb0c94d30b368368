export declare const REPOSITORY_ROOT: string;
/** Where the CLI finds the database: the embedded one of a DATA_DIR, or a PostgreSQL URL. */
export type Target = {
    readonly kind: "embedded";
    readonly dataDir: string;
} | {
    readonly kind: "server";
    readonly url: string;
};
export interface CliResult {
    readonly code: number | null;
    readonly stdout: string;
    readonly stderr: string;
}
export declare const runCliProcess: (target: Target, args: ReadonlyArray<string>, extraEnv?: Readonly<Record<string, string>>) => Promise<CliResult>;
