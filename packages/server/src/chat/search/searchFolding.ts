/**
 * Accent folding for message search: each letter with a diacritic becomes its base letter
 * (é → e, ñ → n, ά → α), one character for one, so cafe finds café and
 * manana finds mañana. The database folds with `translate` over the same two strings
 * (function `message_search_fold`, migration 0021; test/messageSearchFolding.test.ts checks they
 * agree).
 *
 * Why not PostgreSQL's `unaccent`: a folded text keeps the length of the original, so a word
 * ts_headline marks in the folded text sits at the same offsets in the text the reader sees
 * (unaccent turns ß into ss and æ into ae); and it needs no extension, which PGlite would
 * have to load on every open (backups and restores included) and a managed PostgreSQL may refuse.
 * Generated from Unicode's decompositions of Latin-1, Latin Extended-A/B, Latin Extended
 * Additional and Greek, plus the letters with a stroke that do not decompose (ø, đ, ł, ħ, ŧ, ı).
 */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄ' +
  'ąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅ' +
  'ņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐ' +
  'ǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚ' +
  'țȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪ' +
  'ḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦ' +
  'ṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨ' +
  'ẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤ' +
  'ụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹΆΈΉΊΌΎΏΐΪΫάέήίΰϊϋόύώ';

export const FOLD_TO =
  'AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyyAaAaA' +
  'aCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjKkLlLlLlLlNnN' +
  'nNnOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIi' +
  'OoUuUuUuUuUuAaAaGgKkOoOojGgNnAaOoAaAaEeEeIiIiOoOoRrRrUuUuSsT' +
  'tHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhH' +
  'hIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsS' +
  'sSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwyAaAaAaAaA' +
  'aAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoU' +
  'uUuUuUuUuUuUuYyYyYyYyΑΕΗΙΟΥΩιΙΥαεηιυιυουω';

const FOLDS: ReadonlyMap<string, string> = new Map(
  [...FOLD_FROM].map((char, index) => [char, [...FOLD_TO][index] ?? char]),
);

/** The text with its accents folded, as `message_search_fold` folds it (same length). */
export function foldAccents(text: string): string {
  let folded = '';
  for (const char of text) folded += FOLDS.get(char) ?? char;
  return folded;
}
