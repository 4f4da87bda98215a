// A pseudo-locale for the patient pages' check (issue 44): every literal of the English
// catalogue with its letters accented and the message in ⟦ ⟧, placeholders kept. Text on a page
// that still reads as plain English was not taken from the catalogue.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ';

export const accent = (text: string) =>
  text.replace(/[a-zA-Z]/g, (c) => ACCENTED.charAt(PLAIN.indexOf(c)));

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: accentElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag)
      return { ...element, children: accentElements(element.children) };
    return element;
  });
}

/** The pseudo catalogue of `catalogue`, as parsed messages (react-intl takes them as they are). */
export function pseudoCatalogue(
  catalogue: Record<string, string>,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([id, message]) => [
      id,
      [
        { type: TYPE.literal, value: '⟦' },
        ...accentElements(parse(message)),
        { type: TYPE.literal, value: '⟧' },
      ] as MessageFormatElement[],
    ]),
  );
}
