/** What a push says when the event carries no text of its own (English; the catalog translates). */
export const PUSH_MESSAGES = {
  attachment: 'Sent an attachment.',
  connectionRequest: 'Wants to connect with you.',
  connectionAccepted: 'Accepted your connection request.',
  someone: 'Someone',
  mentionedYou: 'Mentioned you',
  suggestedTranslation: 'Suggested a better translation of your message.',
  warningTitle: 'A warning from the moderators',
  reportResolvedTitle: 'Your report',
} as const;
