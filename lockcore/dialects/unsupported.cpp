// SPDX-License-Identifier: Apache-2.0
#include "dialect.h"

// The builders of features a dialect may lack (feature.h): where it lacks one, the caller asked
// Dialect::hasFeature or Session::hasFeature first, so these are never called.

namespace lockcore {

namespace {

Statement unsupported(const Dialect &dialect, Feature feature, const char *builder)
{
    Q_ASSERT_X(!dialect.hasFeature(feature), builder, "a dialect with the feature overrides it");
    Q_ASSERT_X(false, builder, "called for a feature the dialect lacks (ask hasFeature first)");
    Q_UNUSED(dialect)
    Q_UNUSED(feature)
    Q_UNUSED(builder)
    return {};
}

} // namespace

Statement Dialect::renewBatch(const TableNames &, const QString &, const QString &, qint64,
                              qint64) const
{
    return unsupported(*this, Feature::Batches, "renewBatch");
}

Statement Dialect::acquireBatch(const TableNames &, const QString &, const QString &, qint64,
                                const QString &, WakeLockTaking) const
{
    return unsupported(*this, Feature::Batches, "acquireBatch");
}

Statement Dialect::acquireUpsert(const TableNames &, const QString &, const QString &, qint64,
                                 const QString &, WakeLockTaking, double) const
{
    return unsupported(*this, Feature::InsertReturning, "acquireUpsert");
}

QString Dialect::releaseChannel(const TableNames &) const
{
    unsupported(*this, Feature::ReleaseNotifies, "releaseChannel");
    return {};
}

Statement Dialect::notifyReleased(const TableNames &, const QString &) const
{
    return unsupported(*this, Feature::ReleaseNotifies, "notifyReleased");
}

Statement Dialect::setTimeZone(const QString &) const
{
    return unsupported(*this, Feature::SessionTimeZone, "setTimeZone");
}

QString Dialect::wakeLockName(const TableNames &, const QString &) const
{
    unsupported(*this, Feature::WakeLocks, "wakeLockName");
    return {};
}

Statement Dialect::takeWakeLock(const QString &, double) const
{
    return unsupported(*this, Feature::WakeLocks, "takeWakeLock");
}

Statement Dialect::freeWakeLock(const QString &) const
{
    return unsupported(*this, Feature::WakeLocks, "freeWakeLock");
}

QList<Statement> Dialect::clusterFacts() const
{
    unsupported(*this, Feature::ClusterFacts, "clusterFacts");
    return {};
}

Statement Dialect::clusterStandbys() const
{
    return unsupported(*this, Feature::ClusterStandbys, "clusterStandbys");
}

Statement Dialect::clusterUpstream() const
{
    return unsupported(*this, Feature::ClusterStandbys, "clusterUpstream");
}

Statement Dialect::clockCheck() const
{
    return unsupported(*this, Feature::ClockCheck, "clockCheck");
}

Statement Dialect::serverAddress() const
{
    return unsupported(*this, Feature::ServerAddress, "serverAddress");
}

QString Dialect::readOnlySession() const
{
    unsupported(*this, Feature::ReadOnlySession, "readOnlySession");
    return {};
}

QString Dialect::beginTransaction() const
{
    unsupported(*this, Feature::BeginStatement, "beginTransaction");
    return {};
}

QString Dialect::multiPrimaryProbe() const
{
    unsupported(*this, Feature::MultiPrimaryProbe, "multiPrimaryProbe");
    return {};
}

QStringList Dialect::multiPrimarySessionSettings() const
{
    unsupported(*this, Feature::MultiPrimaryProbe, "multiPrimarySessionSettings");
    return {};
}

QString Dialect::multiPrimaryReadyProbe() const
{
    unsupported(*this, Feature::MultiPrimaryProbe, "multiPrimaryReadyProbe");
    return {};
}

} // namespace lockcore
