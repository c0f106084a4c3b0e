// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a profile mapping (the JSON file of `lockctl --profile FILE`, and the
// mapping the GUI saves with a connection) through Profile::fromMap and Profile::custom.
// Properties: no crash; a refusal is a clear InvalidInput error; an accepted profile validates,
// maps only identifier columns, each to one role, and survives toMap()/fromMap() unchanged.

#include "fuzzcheck.h"

#include "profile.h"
#include "validation.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using lockcore::Profile;

namespace {

bool isIdentifier(const QString &column)
{
    if (column.isEmpty() || column.size() > 64)
        return false;
    for (qsizetype i = 0; i < column.size(); ++i) {
        const char16_t u = column.at(i).unicode();
        if (!((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || u == u'_'
              || (i > 0 && u >= u'0' && u <= u'9')))
            return false;
    }
    return true;
}

void checkAccepted(const Profile &profile)
{
    fuzz::check(bool(profile.validate()), "accepted profile does not validate", profile.id);
    const QStringList columns = profile.columns.all();
    fuzz::check(!profile.columns.name.isEmpty(), "accepted profile maps no name column");
    for (const QString &column : columns) {
        // A column name is an identifier: quoting it can never end the identifier early.
        fuzz::check(isIdentifier(column), "accepted column name is not an identifier", column);
    }
    fuzz::check(QStringList(columns).removeDuplicates() == 0, "one column in two roles");
    fuzz::check(bool(lockcore::validateTimeZoneName(profile.sessionTimeZone)),
                "accepted session time zone", profile.sessionTimeZone);
    fuzz::check(profile.lockedAtTtlMs >= 0, "accepted negative TTL");
    const QVariantMap saved = profile.toMap();
    auto again = Profile::fromMap(saved);
    fuzz::check(bool(again), "a saved profile does not load",
                again ? QString() : again.error().message);
    fuzz::check(again->toMap() == saved, "a saved profile loads as another profile",
                QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(saved)).toJson()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!document.isObject())
        return 0; // lockctl reports a file that is not a JSON object before any mapping
    const QVariantMap mapping = document.object().toVariantMap();
    for (const auto &profile : {Profile::fromMap(mapping), Profile::custom(mapping)}) {
        if (profile)
            checkAccepted(*profile);
        else
            fuzz::checkClearError(profile.error(), "profile refused without a clear error");
    }
    return 0;
}
