import { z } from 'zod';
import { inputRef } from '@machines/errors/input-texts';
import { errorSchema } from '@machines/contract/api';
import { DomainError } from '../commands/domain-error';
import type { RouteDeps, ZodApp } from '../http/route-deps';
import type { DescriptionImprover } from './description-improver';

const body = z.object({
  description: z
    .union([z.string(), z.array(z.string())], {
      error: inputRef('describe_first'),
    })
    .transform((d) => (Array.isArray(d) ? d.join('\n') : d).trim())
    .refine((d) => d !== '', inputRef('describe_first'))
    .refine(
      (d) => d.length <= 10_000,
      inputRef('too_long', 'description', { max: 10_000 }),
    ),
  platforms: z.array(z.string().max(50)).max(10).default([]),
  deliverables: z.array(z.string().max(200)).max(20).default([]),
});

/** POST /api/ai-assist/improve-description: an OpenAI-compatible endpoint if configured, else local. */
export function aiAssistRoutes(
  app: ZodApp,
  { ctx, guards }: RouteDeps<{ improveDescription: DescriptionImprover }>,
): void {
  app.post(
    '/api/ai-assist/improve-description',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['ai'],
        security: [{ bearerAuth: [] }],
        body,
        response: {
          200: z.object({ improved_description: z.string() }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      try {
        return {
          improved_description: await ctx.improveDescription(request.body),
        };
      } catch (error) {
        request.log.warn({ err: error }, 'AI improve failed');
        throw new DomainError('ai_not_available');
      }
    },
  );
}
