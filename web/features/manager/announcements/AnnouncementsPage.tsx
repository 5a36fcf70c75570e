// /manager/announcements: news broadcast to every partner, each reading their language's
// version; a language left empty is not sent to the partners who read it. The page itself is
// the shared one (../messages), announcements adding nothing of their own.
import { MessagesPage, useMessageColumns } from '../messages/MessagesPage';

export function AnnouncementsPage() {
  return <MessagesPage kind="announcements" view={{ columns: useMessageColumns() }} />;
}
