export declare const BUILD_INPUTS: readonly string[];
export declare function buildInputsHash(root: string, inputs?: readonly string[]): string;
export declare function buildIsCurrent(root: string, hash: string): boolean;
export declare function markBuild(root: string, hash: string): void;
