import nspell from 'nspell';

for (const d of process.argv.slice(2)) {
  const t0 = performance.now();
  const m0 = process.memoryUsage().heapUsed;
  const { default: dict } = await import(`dictionary-${d}`);
  const t1 = performance.now();
  const spell = nspell(dict);
  const t2 = performance.now();
  const words =
    {
      en: ['recieve', 'teh', 'message', "don't", 'colour'],
      es: ['problmea', 'estás', 'como', 'Hola'],
      fr: ['bonjour', "aujourd'hui", 'mesage'],
      de: ['Nachricht', 'Nachrricht', 'Straße'],
      pt: ['mensagem', 'mensagen', 'não'],
      it: ['messaggio', 'mesaggio', 'perché'],
      ca: ['missatge', 'misatge', "l'home"],
    }[d] ?? [];
  const res = words.map((w) => {
    const t = performance.now();
    const ok = spell.correct(w);
    const s = ok ? [] : spell.suggest(w).slice(0, 5);
    return `${w}:${ok}:${s.join('|')}(${(performance.now() - t).toFixed(0)}ms)`;
  });
  console.log(
    d,
    'import',
    (t1 - t0).toFixed(0),
    'ms; nspell',
    (t2 - t1).toFixed(0),
    'ms; heap +',
    ((process.memoryUsage().heapUsed - m0) / 1e6).toFixed(0),
    'MB',
    res.join(' '),
  );
}
