// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventkindtext.h"

#include <QCoreApplication>

namespace ui {

QString eventKindText(const QString &kind)
{
    struct Kind
    {
        const char16_t *name;
        const char *text;
    };
    static const Kind kinds[] = {
        {u"init", QT_TRANSLATE_NOOP("LockEvent", "initialized")},
        {u"acquire", QT_TRANSLATE_NOOP("LockEvent", "acquired")},
        {u"reenter", QT_TRANSLATE_NOOP("LockEvent", "re-entered")},
        {u"renew", QT_TRANSLATE_NOOP("LockEvent", "renewed")},
        {u"release", QT_TRANSLATE_NOOP("LockEvent", "released")},
        {u"takeover", QT_TRANSLATE_NOOP("LockEvent", "taken over (lease had expired)")},
        {u"lost", QT_TRANSLATE_NOOP("LockEvent", "lost (holder no longer held it)")},
        {u"force_release", QT_TRANSLATE_NOOP("LockEvent", "force released")},
        {u"delete", QT_TRANSLATE_NOOP("LockEvent", "deleted")},
    };
    for (const Kind &known : kinds)
        if (kind == QStringView(known.name))
            return QCoreApplication::translate("LockEvent", known.text);
    return kind;
}

} // namespace ui
