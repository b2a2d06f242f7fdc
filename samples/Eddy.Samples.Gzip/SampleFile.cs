using System.IO;
using System.Text;

namespace Eddy.Samples.Gzip;

/// <summary>Writes a deterministic CSV file, compressible like real logs: repeated words, varying numbers.</summary>
internal static class SampleFile
{
    private static readonly string[] s_cities = ["Oslo", "Lima", "Hanoi", "Perth", "Quito", "Accra", "Riga", "Cusco"];

    public static string Generate(string folder, int bytes)
    {
        var path = Path.Combine(folder, "readings.csv");
        using var writer = new StreamWriter(path, append: false, Encoding.UTF8);
        writer.WriteLine("id,city,reading,status");
        var seed = 12345u;
        for (var id = 0; writer.BaseStream.Length < bytes; id++)
        {
            seed = (seed * 1_103_515_245u) + 12_345u;
            writer.WriteLine($"{id},{s_cities[seed % 8]},{seed % 10_000 / 100.0:F2},{((seed >> 8) % 3 == 0 ? "ok" : "late")}");
        }

        return path;
    }
}
