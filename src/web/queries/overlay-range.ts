/** What the calendar's overlays (held times, outside busy times) ask for: a range, a clinic, agents. */
export interface OverlayRange {
  from: string;
  to: string;
  clinic?: string;
  agentIds?: readonly string[];
}

/**
 * An overlay's query string and the parts of its cache key: the agents sorted, so one set of
 * agents is one cache entry whatever order the calendar lists them in.
 */
export function overlayRequest(input: OverlayRange) {
  const agentIds = input.agentIds ? [...input.agentIds].sort().join(',') : undefined;
  return {
    keyParts: [input.from, input.to, input.clinic ?? '', agentIds ?? ''] as const,
    query: {
      from: input.from,
      to: input.to,
      ...(input.clinic ? { clinic: input.clinic } : {}),
      ...(agentIds ? { agentIds } : {}),
    },
  };
}
