// Why each endpoint's cost stays flat or grows with the data, read from the EXPLAIN plans at each
// size (`npm run bench -- --scale`); the report prints these beside the figures.
export const SCALE_NOTES: Record<string, string> = {};
