// SPDX-License-Identifier: GPL-3.0-or-later
// File › Export locks, the file formats (no database): CSV that a spreadsheet opens as text,
// never as formulas, and JSON as lockctl list --json prints it.

#include "lockexport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using namespace ui;

namespace {

LockInfo lockNamed(const QString &name, const QString &holder, qint64 fence)
{
    LockInfo info;
    info.name = name;
    info.holder = holder;
    info.fence = fence;
    info.state = holder.isEmpty() ? lockcore::LockState::Free : lockcore::LockState::Held;
    info.description = u"desc"_s;
    return info;
}

QStringList csvLine(const QByteArray &csv, int line)
{
    return QString::fromUtf8(csv).split(u"\r\n"_s).at(line).split(u',');
}

} // namespace

class LockExportTest : public QObject
{
    Q_OBJECT

private slots:
    void formulaCellsAreWrittenAsText_data()
    {
        QTest::addColumn<QString>("holder");
        QTest::addColumn<QString>("written");
        QTest::newRow("equals") << u"=HYPERLINK(\"x\")"_s << u"\"'=HYPERLINK(\"\"x\"\")\""_s;
        QTest::newRow("plus") << u"+1+2"_s << u"'+1+2"_s;
        QTest::newRow("minus") << u"-2+3"_s << u"'-2+3"_s;
        QTest::newRow("at") << u"@SUM(A1)"_s << u"'@SUM(A1)"_s;
        QTest::newRow("tab") << u"\t=1"_s << u"'\t=1"_s;
        QTest::newRow("plain") << u"worker-1@host"_s << u"worker-1@host"_s;
    }

    // A holder or name that starts like a formula gets a leading apostrophe; the rest of the
    // row (numbers too, a negative fence included) is written as it is.
    void formulaCellsAreWrittenAsText()
    {
        QFETCH(QString, holder);
        QFETCH(QString, written);
        const QByteArray csv = lockexport::toCsv({lockNamed(u"job"_s, holder, -1)});
        const QStringList header = csvLine(csv, 0);
        const QString line = QString::fromUtf8(csv).split(u"\r\n"_s).at(1);
        QVERIFY2(line.startsWith(u"job,held,"_s + written + u','), qPrintable(line));
        const QStringList fields = csvLine(csv, 1);
        QCOMPARE(fields.at(header.indexOf(u"fence"_s)), u"-1"_s);
        QVERIFY(lockexport::toJson(u"t"_s, {lockNamed(u"job"_s, holder, 1)})
                    .contains(QJsonDocument(QJsonArray{holder}).toJson(QJsonDocument::Compact)
                                  .mid(1).chopped(1)));
    }

    void lockNamesAreDefusedToo()
    {
        const QByteArray csv = lockexport::toCsv({lockNamed(u"=1+1"_s, QString(), 3)});
        QCOMPARE(csvLine(csv, 1).at(0), u"'=1+1"_s);
    }
};

QTEST_GUILESS_MAIN(LockExportTest)
#include "tst_lockexport.moc"
