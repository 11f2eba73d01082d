import { LANGUAGES } from '@parley/chat-sdk';

const SDK_CODES: ReadonlySet<string> = new Set(LANGUAGES.map((language) => language.code));

// ISO 639-3 (and ISO 639-2/B) codes that engines such as Apertium use, mapped to the sdk's
// codes, as 'iso639-3:sdk' entries. Only a code table: names and the language list itself come from the sdk.
const ISO_639_3_TO_SDK: ReadonlyMap<string, string> = new Map(
  [
    'afr:af amh:am ara:ar aze:az ben:bn bul:bg cat:ca ces:cs cze:cs cym:cy wel:cy dan:da ',
    'deu:de ger:de ell:el gre:el eng:en est:et fas:fa per:fa fij:fj fin:fi fra:fr fre:fr ',
    'gle:ga guj:gu hat:ht hau:ha heb:he hin:hi hrv:hr hun:hu hye:hy arm:hy ibo:ig ind:id ',
    'isl:is ice:is ita:it jpn:ja kat:ka geo:ka kaz:kk khm:km kor:ko kur:ku kmr:ku lav:lv ',
    'lit:lt mar:mr mkd:mk mac:mk mlg:mg mon:mn mri:mi mao:mi msa:ms may:ms zsm:ms mya:my ',
    'bur:my nep:ne nld:nl dut:nl nor:no nob:no pan:pa pol:pl por:pt pus:ps ron:ro rum:ro ',
    'rus:ru sin:si slk:sk slo:sk slv:sl smo:sm som:so spa:es sqi:sq alb:sq srp:sr swa:sw ',
    'swe:sv tam:ta tel:te tha:th ton:to tur:tr ukr:uk urd:ur uzb:uz vie:vi yor:yo zho:zh ',
    'chi:zh zul:zu tgl:fil tl:fil ',
  ]
    .join('')
    .trim()
    .split(' ')
    .map((entry) => entry.split(':') as [string, string]),
);

/** Whether the sdk's language table has this code. */
export function isSdkLanguageCode(code: string): boolean {
  return SDK_CODES.has(code);
}

/**
 * An engine's language code ('spa', 'es', 'zh-Hans', 'por_BR'…) as the sdk code ('es', 'zh',
 * 'pt'), or undefined when the sdk has no such language. Regional variants map to the base
 * language only when `allowVariants` is set; Apertium's variants are skipped instead.
 */
export function sdkLanguageCode(engineCode: string, allowVariants = false): string | undefined {
  const lower = engineCode.toLowerCase();
  const [base = '', ...rest] = lower.split(/[_-]/);
  if (rest.length > 0 && !allowVariants) return undefined;
  const code = ISO_639_3_TO_SDK.get(base) ?? base;
  return SDK_CODES.has(code) ? code : undefined;
}
