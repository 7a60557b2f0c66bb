"""MLP-Mixer: 16x16 patch embedding, two mixer layers (token-mixing and channel-mixing MLPs with LayerNorm and residuals), mean over tokens, linear head: (64, 3, 224, 224) -> (64, 1000)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MixerLayer(nn.Module):
    def __init__(self, tokens, dim, token_hidden, channel_hidden):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.token_fc1 = nn.Linear(tokens, token_hidden)
        self.token_fc2 = nn.Linear(token_hidden, tokens)
        self.ln2 = nn.LayerNorm(dim)
        self.channel_fc1 = nn.Linear(dim, channel_hidden)
        self.channel_fc2 = nn.Linear(channel_hidden, dim)

    def forward(self, x):                                   # x: (B, T, D)
        y = self.ln1(x).transpose(1, 2)                     # (B, D, T)
        x = x + self.token_fc2(F.gelu(self.token_fc1(y))).transpose(1, 2)
        return x + self.channel_fc2(F.gelu(self.channel_fc1(self.ln2(x))))


class Model(nn.Module):
    def __init__(self, in_channels, image_size, patch, dim, depth, num_classes):
        super().__init__()
        tokens = (image_size // patch) ** 2
        self.embed = nn.Conv2d(in_channels, dim, patch, stride=patch)
        self.layers = nn.Sequential(*[MixerLayer(tokens, dim, dim // 2, 4 * dim) for _ in range(depth)])
        self.ln = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.embed(x).flatten(2).transpose(1, 2)
        x = self.ln(self.layers(x))
        return self.head(torch.mean(x, dim=1))


batch_size = 64
in_channels = 3
image_size = 224
patch = 16
dim = 512
depth = 2
num_classes = 1000

SMALL = {"batch_size": 2, "image_size": 32, "patch": 8, "dim": 32, "num_classes": 10}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, image_size, patch, dim, depth, num_classes]
