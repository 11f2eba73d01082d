import { chooseInterfaceLocale, type InterfaceLocale } from '@parley/chat-sdk';
import type { UsersRepository } from '../plugins/app/index.js';

/**
 * Each receiver's interface locale for their pushes (issue 27): the one they chose in Settings,
 * else their chat language when Parley's interface speaks it, else English. No browser is asking,
 * so no Accept-Language plays a part.
 */
export async function pushLocalesOf(
  users: Pick<UsersRepository, 'byIds'>,
  userIds: readonly number[],
): Promise<Map<number, InterfaceLocale>> {
  const rows = await users.byIds(userIds);
  return new Map(
    rows.map((row) => [
      row.id,
      chooseInterfaceLocale({ chosen: row.interfaceLanguage, language: row.language }),
    ]),
  );
}
