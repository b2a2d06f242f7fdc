using System.Text.Json.Serialization;

namespace Eddy.Samples.JsonHttp;

/// <summary>Source-generated JSON metadata: no reflection, so the sample also trims and compiles ahead of time.</summary>
[JsonSerializable(typeof(Forecast[]))]
internal sealed partial class SampleJsonContext : JsonSerializerContext;
