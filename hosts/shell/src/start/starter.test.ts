import { SENT_BEACONS, STARTED_EVENT, takeSentBeacon } from '@vitrine/contracts';
import { installStarter } from './starter';

/** The starter's element as the server writes it (services/api/src/ssr/document.ts). */
function starterScript(data: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  Object.assign(script.dataset, data);
  return script;
}

const entryScripts = () => Array.from(document.head.querySelectorAll('script')).map((s) => s.getAttribute('src'));
/** The browser's idle moments (whenIdle: a timer where there is no requestIdleCallback, as in jsdom), on jest's clock. */
const idle = () => jest.advanceTimersByTime(500);

describe('the starter of a server-rendered page', () => {
  let stop: () => void = () => undefined;
  const sendBeacon = jest.fn(() => true);

  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    delete (window as unknown as Record<string, unknown>)[SENT_BEACONS];
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it('runs nothing of the app until the visitor shows intent, then the shell’s entry once', () => {
    stop = installStarter(starterScript({ main: '/main.js' }));
    window.dispatchEvent(new Event('load'));
    // Loaded: only a prefetch of the entry, no script.
    expect(entryScripts()).toEqual([]);
    expect(document.head.querySelector('link[rel="prefetch"]')?.getAttribute('href')).toBe('/main.js');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(entryScripts()).toEqual(['/main.js']);
  });

  it('sends the page’s beacon at once and lists it, so the page does not send it again', () => {
    stop = installStarter(starterScript({ main: '/main.js', beacon: '/public/article/7/read', api: '/api' }));
    expect(sendBeacon).toHaveBeenCalledWith('/api/public/article/7/read');
    expect(takeSentBeacon('/public/article/7/read')).toBe(true);
    // Once: a later view of the same article (a client navigation back to it) counts again.
    expect(takeSentBeacon('/public/article/7/read')).toBe(false);
  });

  it('a page without a beacon sends none', () => {
    stop = installStarter(starterScript({ main: '/main.js' }));
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('holds a form without an action sent before the page is React’s and sends it again once the page takes it, with what was typed', async () => {
    document.body.innerHTML = '<form><input name="q" value=""><button type="submit">Buscar</button></form>';
    const form = document.querySelector('form')!;
    const input = form.querySelector('input')!;
    stop = installStarter(starterScript({ main: '/main.js' }));
    input.value = 'design';
    const plain = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);

    // The page's code: it takes the submission (cancels the plain request) and reads the field through input events.
    const typed: string[] = [];
    const submitted: string[] = [];
    input.addEventListener('input', () => typed.push(input.value));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(input.value);
    });
    window.dispatchEvent(new Event(STARTED_EVENT));
    idle();
    expect(typed).toEqual(['design']);
    expect(submitted).toEqual(['design']);
  });

  it('lets a form with its own action go to the server as it is: it works even if the code never arrives', async () => {
    document.body.innerHTML = '<form method="get" action="/list-article-results"><input name="q" value=""><button type="submit">Buscar</button></form>';
    const form = document.querySelector('form')!;
    stop = installStarter(starterScript({ main: '/main.js' }));
    form.querySelector('input')!.value = 'design';
    const plain = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
  });

  it('leaves what was typed in a form with an action to that form (it takes it itself once hydrated)', async () => {
    document.body.innerHTML = '<form method="get" action="/list-article-results"><input name="q" value=""></form>';
    const input = document.querySelector('input')!;
    stop = installStarter(starterScript({ main: '/main.js' }));
    input.value = 'design';
    const events: string[] = [];
    input.addEventListener('input', () => events.push(input.value));
    window.dispatchEvent(new Event(STARTED_EVENT));
    idle();
    expect(events).toEqual([]);
    expect(input.value).toBe('design');
  });

  it('hands a radio chosen and a box ticked before the page was React’s over as clicks; untouched fields stay as they are', async () => {
    document.body.innerHTML =
      '<input type="radio" name="r" value="a" checked><input type="radio" name="r" value="b"><input type="checkbox" name="c"><input name="t" value="kept">';
    const [a, b, box, text] = Array.from(document.querySelectorAll('input'));
    stop = installStarter(starterScript({ main: '/main.js' }));
    b!.checked = true;
    box!.checked = true;
    const clicked: string[] = [];
    document.addEventListener('click', (event) => clicked.push(`${(event.target as HTMLInputElement).name}:${String((event.target as HTMLInputElement).checked)}`));
    const typed: string[] = [];
    text!.addEventListener('input', () => typed.push(text!.value));
    window.dispatchEvent(new Event(STARTED_EVENT));
    idle();
    expect(clicked).toEqual(['r:true', 'c:true']);
    expect([a!.checked, b!.checked, box!.checked]).toEqual([false, true, true]);
    expect(typed).toEqual([]);
  });

  it('a form nothing takes yet is held again and retried; a button pressed before is pressed again', async () => {
    document.body.innerHTML = '<form><input name="q"></form><button type="button" id="menu">Menu</button>';
    const form = document.querySelector('form')!;
    stop = installStarter(starterScript({ main: '/main.js' }));
    const plain = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    const seen: boolean[] = [];
    const watch = (event: Event) => seen.push(event.defaultPrevented);
    window.addEventListener('submit', watch);
    window.dispatchEvent(new Event(STARTED_EVENT));
    idle();
    // Not taken by the page: cancelled by the starter and kept for the next try.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    form.addEventListener('submit', (event) => event.preventDefault());
    idle();
    window.removeEventListener('submit', watch);
    const tries = seen.length;
    idle();
    expect(seen.length).toBe(tries);

    const clicks: string[] = [];
    document.body.innerHTML = '<button type="button" id="menu">Menu</button>';
    stop();
    stop = installStarter(starterScript({ main: '/main.js' }));
    const button = document.getElementById('menu')!;
    button.click();
    button.addEventListener('click', () => clicks.push('menu'));
    window.dispatchEvent(new Event(STARTED_EVENT));
    idle();
    expect(clicks).toEqual(['menu']);
  });
});
