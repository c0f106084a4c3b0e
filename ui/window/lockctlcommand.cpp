// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockctlcommand.h"

#include "shellquote.h"

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockState;
using lockcore::shellQuote;

namespace ui {

namespace {

// "lockctl --db URL --table T [--profile P]": the URL as ConnectionSpec::redacted() writes it
// (no password), without "readonly=1" so that the force release is not refused for it.
QString base(const LockctlTarget &target)
{
    lockcore::ConnectionSpec spec = target.spec;
    spec.password.clear();
    spec.readOnly = false;
    QString command = u"lockctl --db "_s + shellQuote(spec.redacted());
    if (!target.table.isEmpty())
        command += u" --table "_s + shellQuote(target.table);
    if (!target.profile.isEmpty())
        command += u" --profile "_s + shellQuote(target.profile);
    return command;
}

// The lock's name last, after "--" when it looks like an option.
QString nameWord(const QString &name)
{
    return name.startsWith(u'-') ? u"-- "_s + shellQuote(name) : shellQuote(name);
}

} // namespace

QString lockctlCommands(const LockctlTarget &target, const LockInfo &lock, const QString &reason)
{
    const QString prefix = base(target);
    QString text = prefix + u" show "_s + nameWord(lock.name) + u'\n';
    if (lock.state == LockState::Free)
        return text;
    QString options;
    if (target.profile.isEmpty()) {
        options = u" --fence "_s + QString::number(lock.fence);
    } else {
        if (target.profileNeedsTime)
            return text; // --expect-time comes from the show output, not from the window
        if (!lock.holder.isEmpty())
            options = u" --expect-holder "_s + shellQuote(lock.holder);
    }
    options += u" --reason "_s + shellQuote(reason);
    return text + prefix + u" force-release"_s + options + u' ' + nameWord(lock.name) + u'\n';
}

} // namespace ui
