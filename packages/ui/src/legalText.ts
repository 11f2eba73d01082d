import { localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/**
 * The privacy policy and terms (linked from settings). They describe what this codebase actually
 * does; an operator who changes engines, retention or payments must change these words too.
 */
export const LEGAL_SOURCE = {
  updated: 'Last updated: 24 November 2026',
  back: 'Back',
  privacy: {
    title: 'Privacy Policy',
    sections: [
      {
        heading: 'What we store',
        paragraphs: [
          'Your account: username, e-mail address, phone number, gender, language, an optional bio and profile image, and your settings (chat theme, sounds, voice response, auto-correct, time zone). Your password is stored only as a salted scrypt hash.',
          'Your conversations: the messages you send and receive, with the translation made for each reader, and the files, images, videos and voice notes you share, with their transcripts.',
          'Your plan: which plan you hold, its seats, status and renewal date, and the payment provider’s customer and subscription identifiers. We never see or store card numbers.',
          'Usage counters for the Free plan’s daily limits, and sign-in sessions (hashed refresh tokens).',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Account data, messages and shared files are kept while your account exists. Sign-in sessions expire after 30 days. Daily usage counters only matter for the day they count. Billing records are kept as long as tax law requires.',
        ],
      },
      {
        heading: 'Who sees your messages',
        paragraphs: [
          'Your messages are shown to the people in the conversation. To translate them, the text is sent to the translation engine this server is configured with: by default Apertium, which runs on this server itself, so the text does not leave it. An operator may configure a LibreTranslate-compatible service instead; then the text of messages between different languages is sent to that service. Spelling suggestions work the same way (on this server by default, or a LanguageTool service).',
          'Voice notes are transcribed and read aloud by speech engines that run on this server unless the operator configures an outside service.',
          'Payments are handled by Stripe when enabled; Stripe receives your e-mail address and what you buy, under its own privacy policy. In test mode no payment data exists at all.',
          'If you connect Google Drive for file backup, your shared files are copied to your own Drive; the access tokens stay on this server.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can change your settings at any time. To get a copy of your data or have your account deleted, write to support@parley.example.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          'Parley lets people chat across languages with automatic translation, voice notes, groups and a social feed. Machine translation can be wrong: the original message is always one tap away, and you should check it before relying on a translation for anything important.',
        ],
      },
      {
        heading: 'Plans and payments',
        paragraphs: [
          'Free: $0, with 5 translated chats per day and 1 voice translation per day; chat between people of the same language stays free. Personal: $9.99 per month for 1 user. Organization: $5 per user per month, at least 10 users; the buyer administers the organisation and its invite link. Lifetime Founder: $99 once.',
          'A plan starts when the payment provider confirms the payment. Subscriptions renew monthly until cancelled; you can manage or cancel them on the Billing page, and the plan ends when the provider reports the subscription ended. If a renewal payment fails, the plan is kept while the provider retries and ends if it gives up.',
          'An organisation administrator can remove members at any time; a removed member returns to the Free plan.',
        ],
      },
      {
        heading: 'Your content and conduct',
        paragraphs: [
          'You keep the rights to what you post and send, and allow us to store, translate and deliver it to the people you send it to. Do not send unlawful content, harass people, or try to break or overload the service.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Questions about these terms: support@parley.example.'],
      },
    ],
  },
} as const;

export const LEGAL_TEXT = localize('ui.legal', LEGAL_SOURCE, uiCatalog());
