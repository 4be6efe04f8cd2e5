import type { AppConfig } from '../config';

export interface ImproveInput {
  description: string;
  platforms: string[];
  deliverables: string[];
}

export type DescriptionImprover = (input: ImproveInput) => Promise<string>;

const sentenceCase = (s: string): string =>
  s ? s[0]!.toUpperCase() + s.slice(1) : s;

/** Deterministic, offline: tidies the text into a briefing with the deliverables and platforms listed. */
export function localImprover(input: ImproveInput): string {
  const lines = input.description
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/^\s*[-•*]\s*/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((l) => l !== '')
    .map((l) => sentenceCase(/[.!?:]$/.test(l) ? l : `${l}.`));
  const parts = [lines.join('\n')];
  if (input.deliverables.length > 0)
    parts.push(
      `Deliverables:\n${input.deliverables.map((d) => `- ${d}`).join('\n')}`,
    );
  if (input.platforms.length > 0)
    parts.push(`Platforms: ${input.platforms.join(', ')}.`);
  parts.push(
    'Please share a draft before publishing and tag the brand in every post.',
  );
  return parts.join('\n\n');
}

/** An OpenAI-compatible chat endpoint when AI_BASE_URL is set, else the local improver. */
export function createDescriptionImprover(
  ai: AppConfig['ai'],
  fetchImpl: typeof fetch = fetch,
): DescriptionImprover {
  if (!ai.baseUrl) return async (input) => localImprover(input);
  const url = `${ai.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (input) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0.3,
        messages: [
          {
            role: 'system',
            content:
              'Rewrite the collaboration briefing for a social-media creator: clear, friendly, concise. Keep every fact. Answer with the briefing only.',
          },
          { role: 'user', content: JSON.stringify(input) },
        ],
      }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok)
      throw new Error(`AI endpoint answered ${response.status}`);
    const json = (await response.json()) as {
      choices?: { message?: { content?: string } }[];
    };
    const text = json.choices?.[0]?.message?.content?.trim();
    if (!text) throw new Error('AI endpoint gave no text');
    return text;
  };
}
