/**
 * Exports of one person's data an hour, whoever asks (the person, their link, an admin): the server
 * applies it (server/privacy/export.routes.ts) and the export page states it. No zod here, so the
 * web app imports it without the schemas.
 */
export const DATA_EXPORTS_PER_HOUR = 5;
