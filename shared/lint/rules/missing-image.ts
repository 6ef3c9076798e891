/**
 * missing-image: a picture (`![alt](src)`) that the printed book cannot show, because its file is not in the
 * rulebook's folder, or it is a web address or a path outside the folder (a book prints local files only).
 *   Bad:  ![The realm](art/mapp.png)        (the file is art/map.png)
 *   Good: ![The realm](art/map.png)
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'missing-image',
  meta: {
    description: 'Pictures are files in the rulebook’s folder',
    defaultSeverity: 'warning',
    messages: {
      file: 'Picture `{src}` is not in the rulebook’s folder; the book prints without it',
      outside: 'Picture `{src}` is not a file of the rulebook’s folder (a web address or a path outside it); the book prints without it',
    },
  },
  check({ linked, report }) {
    for (const { link, reason } of linked.brokenLinks) {
      if (!link.image) continue;
      report({ messageId: reason === 'outside' ? 'outside' : 'file', data: { src: link.href }, at: link.hrefRange });
    }
  },
});
