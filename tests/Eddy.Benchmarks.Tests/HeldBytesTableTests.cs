using System.Linq;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Tests;

[Collection(BenchmarkModeCollection.Name)]
public class HeldBytesTableTests
{
    [Fact]
    public void Eddy_holds_at_most_a_quarter_more_than_it_stores_and_the_table_names_every_size()
    {
        bool wasQuick = BenchmarkMode.Quick;
        BenchmarkMode.Quick = true;
        try
        {
            var rows = HeldBytesTable.Measure();
            Assert.Equal(new[] { 64 << 10, 128 << 20 }, rows.Select(r => r.Bytes).Distinct());
            Assert.All(rows.Where(r => r.Implementation is ImplementationIds.Eddy or ImplementationIds.EddySegmented), r => Assert.InRange(r.PerByteStored, 1.0, 1.25));
            // One byte past a power of two, a doubling array holds about twice what it stores.
            Assert.All(rows.Where(r => r.Implementation == ImplementationIds.MemoryStream), r => Assert.True(r.PerByteStored > 1.9));
            string markdown = HeldBytesTable.ToMarkdown(rows);
            Assert.Contains("| 64 KiB | ", markdown, System.StringComparison.Ordinal);
            Assert.Contains("| stream size | MemoryStream | RecyclableMemoryStream | Eddy |", markdown, System.StringComparison.Ordinal);
        }
        finally
        {
            BenchmarkMode.Quick = wasQuick;
        }
    }
}
