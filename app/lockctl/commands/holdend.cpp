// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdend.h"

#include "errortext.h"
#include "exitcode.h"
#include "lockctltr.h"
#include "output.h"

using namespace Qt::StringLiterals;

namespace lockctl {

void insertHoldEnd(QJsonObject &json, const HoldEnd &end)
{
    json.insert(u"released"_s, end.released);
    json.insert(u"lost"_s, end.lost);
    json.insert(u"lapsed"_s, end.lapsed);
    json.insert(u"interrupted"_s, end.interrupted);
    json.insert(u"held_ms"_s, end.heldMs);
}

int answerFailedRelease(const cli::Output &out, QJsonObject json, const lockcore::Error &error)
{
    json.insert(u"error"_s, cli::errorToJson(error));
    cli::Output::writeStderr(
        Tr::tr("lockctl: error: %1 The lock may still be held until its lease ends.")
            .arg(cli::errorText(error)));
    out.result(json, {});
    return cli::exitCodeFor(error);
}

} // namespace lockctl
