// SPDX-License-Identifier: Apache-2.0
// The catalog's column types, read when a profile table is opened, so that a mapping whose time
// columns do not fit is refused at once instead of failing in the first statement.
#include "profilecolumntypes.h"

#include "profiledetect.h"
#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

bool isOneOf(const QString &type, std::initializer_list<const char16_t *> names)
{
    for (const char16_t *name : names) {
        if (type == QStringView(name))
            return true;
    }
    return false;
}

ColumnType sqliteType(const QString &declared)
{
    // SQLite's affinity rules: INT anywhere is an integer; other declared types hold the text
    // times that strftime() and datetime() write.
    if (declared.contains(u"INT"_s))
        return ColumnType::Integer;
    if (declared.contains(u"BOOL"_s))
        return ColumnType::Boolean;
    return declared.contains(u"CHAR"_s) || declared.contains(u"CLOB"_s)
                   || declared.contains(u"TEXT"_s)
               ? ColumnType::Text
               : ColumnType::Timestamp;
}

} // namespace

ColumnType classifyColumnType(Dialect::Kind kind, const QString &dataType)
{
    const QString t = dataType.trimmed().toUpper();
    if (kind == Dialect::Kind::SQLite) {
        const ColumnType type = sqliteType(t);
        // A BOOLEAN column stores 0/1 on SQLite.
        return type == ColumnType::Boolean ? ColumnType::Integer : type;
    }
    if (t.startsWith(u"TIMESTAMP"_s))
        return t.contains(u"WITH TIME ZONE"_s) || t.contains(u"WITH LOCAL TIME ZONE"_s)
                   ? ColumnType::TimestampTz
                   : ColumnType::Timestamp;
    if (isOneOf(t, {u"DATE", u"DATETIME"}))
        return ColumnType::Timestamp;
    if (isOneOf(t, {u"INTEGER", u"INT", u"BIGINT", u"SMALLINT", u"MEDIUMINT", u"TINYINT", u"BIT",
                    u"NUMERIC", u"DECIMAL", u"NUMBER"}))
        return ColumnType::Integer;
    if (t == u"BOOLEAN")
        return ColumnType::Boolean;
    if (t.contains(u"CHAR"_s) || t.contains(u"TEXT"_s) || t.contains(u"CLOB"_s))
        return ColumnType::Text;
    return ColumnType::Other;
}

Result<TimeForm> timeFormOf(Dialect::Kind kind, const Profile &profile, const QString &table,
                            const QString &column, const QString &dataType)
{
    const ColumnType type = classifyColumnType(kind, dataType);
    const bool epoch = profile.epochUnit != Profile::Epoch::None;
    QString fix;
    switch (type) {
    case ColumnType::Integer:
        if (epoch)
            return profile.epochUnit == Profile::Epoch::Seconds ? TimeForm::EpochSeconds
                                                                 : TimeForm::EpochMs;
        fix = Tr::tr("an integer time needs \"epoch\": \"s\" or \"ms\" in the mapping (seconds "
                     "or milliseconds since 1970 UTC)");
        break;
    case ColumnType::Timestamp:
    case ColumnType::Text:
        if (type == ColumnType::Text && kind != Dialect::Kind::SQLite) {
            fix = Tr::tr("map a timestamp or an integer (with \"epoch\") column: times stored "
                         "as text are read on SQLite only");
            break;
        }
        if (!epoch)
            return TimeForm::Timestamp;
        fix = Tr::tr("remove \"epoch\" from the mapping: the column holds timestamps");
        break;
    case ColumnType::TimestampTz:
        if (!epoch)
            return TimeForm::TimestampTz;
        fix = Tr::tr("remove \"epoch\" from the mapping: the column holds timestamps");
        break;
    case ColumnType::Boolean:
    case ColumnType::Other:
        fix = Tr::tr("map a timestamp or an integer (with \"epoch\") column");
        break;
    }
    return Error::invalidInput(Tr::tr("The time column %2 of %1 has the type %3, which the "
                                      "profile %4 cannot read as a time: %5.")
                                   .arg(table, column, dataType.left(60), profile.id, fix));
}

Result<ProfileColumnForms> columnFormsOf(Dialect::Kind kind, Profile &profile,
                                         const CatalogTable &table)
{
    const auto typeOf = [&](const QString &column) {
        const qsizetype i = table.columns.indexOf(column);
        return i >= 0 && i < table.types.size() ? table.types.at(i) : QString();
    };
    ProfileColumnForms forms;
    const ProfileColumns &c = profile.columns;
    bool wallClock = false;
    bool instant = false;
    for (const QString &column : {c.lockedAt, c.expires}) {
        if (column.isEmpty())
            continue;
        auto form = timeFormOf(kind, profile, table.table, column, typeOf(column));
        if (!form)
            return form.error();
        forms.times.insert(column, *form);
        (isInstant(*form) ? instant : wallClock) = true;
    }
    if (wallClock && instant)
        return Error::invalidInput(
            Tr::tr("The time columns %1 and %2 of %3 store times differently (a timestamp "
                   "and an instant): the profile %4 needs both in one form.")
                .arg(c.lockedAt, c.expires, table.table, profile.id));
    // Instants (timestamptz, epoch counts) do not depend on a zone: compared as UTC.
    if (instant)
        profile.time = Profile::Time::Utc;
    if (!c.ttl.isEmpty() && classifyColumnType(kind, typeOf(c.ttl)) != ColumnType::Integer)
        return Error::invalidInput(
            Tr::tr("The ttl column %1 of %2 has the type %3: it must hold milliseconds as an "
                   "integer.")
                .arg(c.ttl, table.table, typeOf(c.ttl)));
    forms.booleanStatus = !c.status.isEmpty()
                          && classifyColumnType(kind, typeOf(c.status)) == ColumnType::Boolean;
    return forms;
}

ProfileColumnForms ProfileColumnForms::assumed(const Profile &profile)
{
    ProfileColumnForms forms;
    const TimeForm form = profile.epochUnit == Profile::Epoch::Seconds ? TimeForm::EpochSeconds
                          : profile.epochUnit == Profile::Epoch::Milliseconds
                              ? TimeForm::EpochMs
                              : TimeForm::Timestamp;
    for (const QString &column : {profile.columns.lockedAt, profile.columns.expires}) {
        if (!column.isEmpty())
            forms.times.insert(column, form);
    }
    return forms;
}

} // namespace lockcore
