import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * What the visitor typed or chose in a server-rendered form before the page's code ran. React hydrates a field
 * keeping what it shows, not the form's state, and would put its state back in the field at the form's next render
 * (a click on "send" before anything else told it: the text gone, the form said empty). Read once, right after
 * hydration and before anything else can happen, into the form's state: `adopt` gets each named field that differs
 * from what the server rendered (a chosen radio: its value). A form the browser mounts itself finds nothing.
 */
export function useTypedBeforeStart(form: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): void {
  const latest = useRef(adopt);
  latest.current = adopt;
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const field of form.current?.querySelectorAll<HTMLInputElement>('input[name]:not([type=hidden]),textarea[name]') ?? []) {
      if (field.type === 'radio' ? field.checked && !field.defaultChecked : field.value !== field.defaultValue) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length) latest.current(typed);
  }, [form]);
}
