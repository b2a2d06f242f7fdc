namespace Eddy.Samples.GameLoop;

/// <summary>A burst of particles living in one pooled array until it expires.</summary>
internal struct Burst
{
    public Particle[] Particles;
    public int Age;
}
